import { dashboardApi, expect, isPhone, navigateTo, screenshot, signUp, test } from "./fixtures";

// The Audit page (owners): what the owner just did is listed with who, when and from where; the filters
// narrow it; an empty filter and a failed load say so. Runs at both sizes (e2e/README.md).
test("an owner reads the audit trail and filters it", { tag: "@phone" }, async ({ page }) => {
  const owner = await signUp(page);
  const api = dashboardApi(page);
  const created = await api.post("/v1/internal/api-keys", { name: "Till", scopes: ["contacts:read"] });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const origin = new URL(page.url()).origin;
  const revoked = await page.request.fetch(`/v1/internal/api-keys/${created.body.id}`, { method: "DELETE", headers: { origin } });
  expect(revoked.status()).toBe(200);

  await navigateTo(page, "Audit");
  await expect(page.getByRole("heading", { name: "Audit" })).toBeVisible();
  const table = page.getByRole("table", { name: "Audit trail" });
  const createdRow = table.getByRole("row", { name: /API key created/ });
  await expect(createdRow).toContainText(owner.email);
  await expect(createdRow).toContainText(created.body.id);
  await expect(createdRow).not.toContainText(created.body.key);
  await expect(table.getByRole("row", { name: /API key revoked/ })).toBeVisible();
  // Signing up signed the owner in: that is recorded too.
  await expect(table.getByRole("row", { name: /Signed in/ })).toBeVisible();

  // The page fits the screen at either size (the table scrolls in its own box on a phone).
  const size = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(size.scroll).toBeLessThanOrEqual(size.inner);
  await screenshot(page, "audit");

  await page.getByLabel("Action").selectOption({ label: "API key revoked" });
  await expect(table.getByRole("row")).toHaveCount(2); // the header and one entry
  await expect(table.getByRole("row", { name: /API key revoked/ })).toContainText(created.body.id);

  await page.getByLabel("Action").selectOption({ label: "All actions" });
  await page.getByLabel("Who").selectOption({ label: owner.email });
  await expect(table.getByRole("row", { name: /API key created/ })).toBeVisible();

  // A day with nothing in it: the empty state, and a way back.
  await page.getByLabel("From").fill("2001-01-01");
  await page.getByLabel("To").fill("2001-01-02");
  await expect(page.getByText("Nothing matches these filters")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(table.getByRole("row", { name: /API key created/ })).toBeVisible();
  if (isPhone(page)) await screenshot(page, "audit-filtered");
});

test("the Audit page says when the trail cannot be loaded, and retries", async ({ page }) => {
  await signUp(page);
  let fail = true;
  await page.route("**/v1/audit-events**", (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ error: { code: "internal_error", message: "Something broke." } }),
        })
      : route.continue(),
  );
  await page.goto("/audit");
  await expect(page.getByRole("alert").filter({ hasText: "Could not load the audit trail" })).toBeVisible({ timeout: 20_000 });
  fail = false;
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("table", { name: "Audit trail" }).getByRole("row", { name: /Signed in/ })).toBeVisible();
});
