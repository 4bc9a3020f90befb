import { readFile } from "node:fs/promises";
import { apiClient, dashboardApi, expect, navigateTo, screenshot, signUp, test, uniquePhone } from "./fixtures";

// Issue 17, privacy requests: Settings › Privacy (message retention, owners) and a contact's Export
// data / Erase contact actions, through /v1/privacy-settings and /v1/contacts/{id}[/export].

test("an owner sets message retention: loading, empty, error and saved states", async ({ page }) => {
  await signUp(page);
  // The error state first: the settings cannot be read, then they can (Retry).
  let fail = true;
  await page.route("**/v1/privacy-settings", (route) =>
    fail && route.request().method() === "GET"
      ? route.fulfill({ status: 500, json: { error: { code: "internal", message: "boom" } } })
      : route.fallback(),
  );
  await navigateTo(page, "Privacy");
  await page.waitForURL("**/privacy");
  await expect(page.getByRole("heading", { name: "Privacy" })).toBeVisible();
  await expect(page.getByText("Could not load the privacy settings")).toBeVisible({ timeout: 15_000 });
  fail = false;
  await page.getByRole("button", { name: "Try again" }).click();

  // Nothing set yet: messages are kept.
  await expect(page.getByText("Messages are kept", { exact: true })).toBeVisible();
  await page.getByLabel("Delete messages after a number of days").check();
  await page.getByLabel("Keep messages for (days)").fill("0");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("#retention-days-error")).toBeVisible();
  expect((await dashboardApi(page).get("/v1/privacy-settings")).body.messageRetentionDays).toBeNull();

  await page.getByLabel("Keep messages for (days)").fill("30");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Privacy settings saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("retention-current")).toContainText("30 days");
  await screenshot(page, "privacy-settings");
  expect((await dashboardApi(page).get("/v1/privacy-settings")).body.messageRetentionDays).toBe(30);
});

test("an owner exports a contact's data, then erases the contact after confirming", async ({ page }) => {
  await signUp(page);
  const client = await apiClient(page);
  const phone = uniquePhone();
  const created = await client.post("/v1/contacts", { phone, name: "Erin Erasable", tags: ["privacy"] });
  expect(created.status).toBe(200);

  await navigateTo(page, "Contacts");
  await page.waitForURL("**/contacts");
  await page.getByRole("button", { name: "Edit Erin Erasable" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export data" }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await readFile(file, "utf8"));
  expect(exported.contact).toMatchObject({ id: created.body.id, phone, name: "Erin Erasable" });
  expect(exported).toHaveProperty("messages");

  // Erasing asks first; keeping the contact changes nothing.
  await page.getByRole("button", { name: "Erase contact" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Erase Erin Erasable for good?" })).toBeVisible();
  await screenshot(page, "erase-contact-confirm");
  await page.getByRole("button", { name: "Keep contact" }).click();
  expect((await client.get(`/v1/contacts/${created.body.id}/export`)).status).toBe(200);

  await page.getByRole("button", { name: "Erase contact" }).click();
  await page.getByRole("button", { name: "Erase for good" }).click();
  await expect(page.getByText(/Contact erased/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit Erin Erasable" })).toHaveCount(0);
  expect((await client.get(`/v1/contacts/${created.body.id}/export`)).status).toBe(404);
});
