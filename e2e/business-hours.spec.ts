import { dashboardApi, expect, navigateTo, screenshot, signUp, test } from "./fixtures";

// Settings › Business hours (issue 14.6): weekly hours, holidays and the away message, saved through
// PUT /v1/business-hours and read back after a reload; a bad range is refused with the field marked.

test("an owner sets the weekly hours, a holiday and the away message", { tag: "@phone" }, async ({ page }) => {
  await signUp(page);
  await navigateTo(page, "Business hours");
  await page.waitForURL("**/business-hours");
  await expect(page.getByRole("heading", { name: "Business hours" })).toBeVisible();
  // The sign-up's answers (weekdays 09:00-18:00 by default) are the hours already.
  await expect(page.getByLabel("Monday", { exact: true })).toHaveValue("09:00-18:00");
  await expect(page.getByLabel("Sunday", { exact: true })).toHaveValue("");
  await expect(page.getByText("No holidays.")).toBeVisible();

  // A range the server refuses is marked on its day, and nothing is saved.
  await page.getByLabel("Saturday", { exact: true }).fill("10-14");
  await page.getByRole("button", { name: "Save business hours" }).click();
  await expect(page.locator("#hours-sat-error")).toContainText('must look like "09:00-17:00"');
  await screenshot(page, "business-hours-error");

  await page.getByLabel("Time zone").selectOption("America/Sao_Paulo");
  await page.getByLabel("Saturday", { exact: true }).fill("10:00-14:00");
  await page.getByLabel("Friday", { exact: true }).fill("09:00-18:00, 20:00-02:00");
  await page.getByRole("button", { name: "Add holiday" }).click();
  await page.getByLabel("Date").fill("2026-12-25");
  await page.getByLabel("Name").fill("Christmas");
  await page.getByRole("button", { name: "Add holiday" }).click();
  await page.locator("#holiday-date-1").fill("2026-12-24");
  await page.locator("#holiday-hours-1").fill("09:00-13:00");
  await page.getByLabel("Said after a handoff outside the hours").fill("We're out; a person replies from {{opens}}.");
  await page.getByRole("button", { name: "Save business hours" }).click();
  await expect(page.getByText("Business hours saved.")).toBeVisible();
  await screenshot(page, "business-hours");

  await page.reload();
  await expect(page.getByLabel("Time zone")).toHaveValue("America/Sao_Paulo");
  await expect(page.getByLabel("Friday", { exact: true })).toHaveValue("09:00-18:00, 20:00-02:00");
  await expect(page.getByLabel("Saturday", { exact: true })).toHaveValue("10:00-14:00");
  // Holidays come back in date order.
  await expect(page.locator("#holiday-date-0")).toHaveValue("2026-12-24");
  await expect(page.locator("#holiday-hours-0")).toHaveValue("09:00-13:00");
  await expect(page.locator("#holiday-name-1")).toHaveValue("Christmas");
  await expect(page.getByLabel("Said after a handoff outside the hours")).toHaveValue("We're out; a person replies from {{opens}}.");
  await expect(page.getByTestId("hours-status")).toContainText(/Open now|Closed now/);

  // The same hours through the operation the page uses.
  const stored = await dashboardApi(page).get("/v1/business-hours");
  expect(stored.body).toMatchObject({
    timeZone: "America/Sao_Paulo",
    weekly: { fri: ["09:00-18:00", "20:00-02:00"], sat: ["10:00-14:00"] },
    holidays: [
      { date: "2026-12-24", hours: ["09:00-13:00"] },
      { date: "2026-12-25", name: "Christmas" },
    ],
  });

  // Removing a holiday.
  await page.getByRole("button", { name: "Remove holiday 2" }).click();
  await page.getByRole("button", { name: "Save business hours" }).click();
  await expect(page.getByText("Business hours saved.").last()).toBeVisible();
  await expect.poll(async () => (await dashboardApi(page).get("/v1/business-hours")).body.holidays.length).toBe(1);
});
