import { expect, navigateTo, screenshot, signUpThroughPage, test } from "./fixtures";

// Starter kits (issue 40, item 8): sign-up asks what kind of business it is, and the kind's kit sets
// up skills, knowledge, hours and samples at once; the overview says what was set up and what is next.

test("a salon signs up and finds its services, staff and hours set up", { tag: "@phone" }, async ({ page }) => {
  await signUpThroughPage(page, { kind: "Salon or clinic" });
  const checklist = page.getByRole("region", { name: "Getting started" });
  await expect(checklist.getByTestId("kit-summary")).toContainText("Set up for your salon or clinic");
  await expect(checklist.getByTestId("kit-summary")).toContainText("4 services, 2 staff members");
  await expect(checklist.getByRole("link", { name: "Add your staff and their hours" })).toHaveAttribute("href", "/services");
  await screenshot(page, "starter-kit-salon-overview");

  await navigateTo(page, "Services and staff");
  const services = page.getByRole("table", { name: "Services" });
  await expect(services.getByRole("row")).toHaveCount(5);
  await expect(services).toContainText("Haircut");
  await expect(services).toContainText("€25.00");
  const staff = page.getByRole("table", { name: "Staff" });
  await expect(staff.getByRole("row")).toHaveCount(3);
  await expect(staff.getByRole("row").filter({ hasText: "Ana" })).toContainText("Tue 09:00-19:00");
  await screenshot(page, "starter-kit-salon-services");

  // The salon's hours: Tuesday to Saturday, closed Sunday and Monday.
  await page.goto("/business-hours");
  await expect(page.getByLabel("Tuesday", { exact: true })).toHaveValue("09:00-19:00");
  await expect(page.getByLabel("Monday", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Sunday", { exact: true })).toHaveValue("");
});

test("a shop signs up and finds sample products in its catalog", { tag: "@phone" }, async ({ page }) => {
  await signUpThroughPage(page, { kind: "Shop" });
  const checklist = page.getByRole("region", { name: "Getting started" });
  await expect(checklist.getByTestId("kit-summary")).toContainText("5 products");
  await expect(checklist.getByRole("link", { name: "Replace the sample items with your catalog" })).toHaveAttribute("href", "/catalog");
  // The order skill's collection is not empty: no warning.
  await expect(page.getByRole("status").filter({ hasText: "Order taking" })).toHaveCount(0);

  await page.goto("/catalog?collection=products");
  for (const title of ["Canvas tote bag", "Ceramic mug", "Gift card"]) await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  await screenshot(page, "starter-kit-shop-catalog");
});
