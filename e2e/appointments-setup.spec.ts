import { attachScreenshot, expect, navigateTo, signUp, test } from "./fixtures";

// Services and staff (issue 40, items 1-2): an owner adds two staff members with their hours, breaks
// and time off, and a service both perform, and sees them listed; at both screen sizes.
test("services and staff: an owner adds two staff members and a service they perform", { tag: "@phone" }, async ({ page }) => {
  await signUp(page);
  await navigateTo(page, "Services and staff");
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByText("No staff members yet")).toBeVisible();
  await expect(page.getByText("No services yet")).toBeVisible();
  await attachScreenshot(page, "services-staff-empty");

  // Ana: two ranges on Monday and Tuesday, a break on Monday. A malformed range is shown by its day.
  await page.getByRole("button", { name: "New staff member" }).first().click();
  const ana = page.getByRole("dialog", { name: "New staff member" });
  await ana.getByLabel("Name").fill("Ana Silva");
  await ana.locator("#staff-hours-mon").fill("9-13");
  await ana.getByRole("button", { name: "Save" }).click();
  await expect(ana.locator("#staff-hours-mon-error")).toContainText("09:00-17:00");
  await ana.locator("#staff-hours-mon").fill("09:00-13:00, 14:00-18:00");
  await expect(ana.locator("#staff-hours-mon-error")).toBeHidden();
  await ana.locator("#staff-hours-tue").fill("09:00-13:00, 14:00-18:00");
  await ana.locator("#staff-breaks-mon").fill("11:00-11:30");
  await attachScreenshot(page, "staff-dialog");
  await ana.getByRole("button", { name: "Save" }).click();
  await expect(ana).toBeHidden();

  // Bea: Wednesday to Friday, away over Christmas.
  await page.getByRole("button", { name: "New staff member" }).first().click();
  const bea = page.getByRole("dialog", { name: "New staff member" });
  await bea.getByLabel("Name").fill("Bea Costa");
  for (const day of ["wed", "thu", "fri"]) await bea.locator(`#staff-hours-${day}`).fill("10:00-19:00");
  await bea.getByLabel("Time off").fill("2026-12-24 to 2026-12-26 Christmas");
  await bea.getByRole("button", { name: "Save" }).click();
  await expect(bea).toBeHidden();

  const staff = page.getByRole("table", { name: "Staff" });
  await expect(staff.getByRole("row")).toHaveCount(3);
  const anaRow = staff.getByRole("row").filter({ hasText: "Ana Silva" });
  const beaRow = staff.getByRole("row").filter({ hasText: "Bea Costa" });
  await expect(anaRow.getByText("Mon 09:00-13:00, 14:00-18:00")).toBeVisible();
  await expect(anaRow.getByText("Tue 09:00-13:00, 14:00-18:00")).toBeVisible();
  for (const day of ["Wed", "Thu", "Fri"]) await expect(beaRow.getByText(`${day} 10:00-19:00`)).toBeVisible();

  // A service in two languages, 45 minutes plus 15 free, 25.00 EUR, performed by both.
  await page.getByRole("button", { name: "New service" }).first().click();
  const service = page.getByRole("dialog", { name: "New service" });
  await service.getByRole("button", { name: "Save" }).click();
  await expect(service.getByText("Give the name in at least one language")).toBeVisible();
  await service.locator("#service-name-en").fill("Haircut");
  await service.locator("#service-name-pt").fill("Corte de cabelo");
  await service.getByLabel("Duration (minutes)").fill("45");
  await service.getByLabel("Free after (minutes)").fill("15");
  await service.locator("#service-price").fill("25.00");
  await service.getByLabel("Ana Silva").check();
  await service.getByLabel("Bea Costa").check();
  await attachScreenshot(page, "service-dialog");
  await service.getByRole("button", { name: "Save" }).click();
  await expect(service).toBeHidden();

  const services = page.getByRole("table", { name: "Services" });
  await expect(services.getByRole("row")).toHaveCount(2);
  const row = services.getByRole("row").nth(1);
  await expect(row).toContainText("Haircut");
  await expect(row).toContainText("45 min + 15 free");
  await expect(row).toContainText("€25.00");
  await expect(row).toContainText("Ana Silva, Bea Costa");
  // Each staff member now lists the service they perform.
  await expect(anaRow).toContainText("Haircut");
  await expect(beaRow).toContainText("Haircut");

  // The lists survive a reload (they are the API's), and the page fits the screen.
  await page.reload();
  await expect(page.getByRole("table", { name: "Services" }).getByText("Haircut")).toBeVisible();
  await expect(page.getByRole("table", { name: "Staff" }).getByRole("row")).toHaveCount(3);
  const size = await page.evaluate(() => ({ inner: window.innerWidth, scroll: document.documentElement.scrollWidth }));
  expect(size.scroll).toBeLessThanOrEqual(size.inner);
  await attachScreenshot(page, "services-staff-page", { fullPage: true });
});
