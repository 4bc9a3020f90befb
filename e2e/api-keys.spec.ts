import { expect, screenshot, signUp, test } from "./fixtures";

// A key made on the page works against the public API at once, and stops working once revoked.
test("create a key on the page, copy it, use it with the API, revoke it", async ({ page, context, request }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUp(page);
  await page.goto("/api-keys");
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(page.getByText("No API keys yet")).toBeVisible();

  await page.getByRole("button", { name: "Create key", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByText("Pick at least one scope.")).toBeVisible();
  await dialog.getByLabel("Name").fill("Wallet reader");
  await dialog.getByRole("button", { name: "All read" }).click();
  await expect(dialog.getByRole("checkbox", { name: "usage:read" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "messages:write" })).not.toBeChecked();
  await dialog.getByLabel("Expires").selectOption("90");
  await screenshot(page, "api-keys-create");
  await dialog.getByRole("button", { name: "Create key" }).click();

  const shown = page.getByRole("dialog", { name: "Your new API key" });
  await expect(shown.getByText("it will not be shown again")).toBeVisible();
  const secret = (await shown.getByTestId("secret-value").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^cak_live_[A-Za-z0-9]{32,}$/);
  await shown.getByRole("button", { name: "Copy" }).click();
  await expect(shown.getByRole("button", { name: "Copied ✓" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(secret);
  await shown.getByRole("button", { name: "Done" }).click();

  const wallet = await request.get("/v1/usage/wallet", { headers: { authorization: `Bearer ${copied}` } });
  expect(wallet.status()).toBe(200);
  expect(await wallet.json()).toHaveProperty("balanceTokens");
  // Read scopes only: a write is refused.
  const send = await request.post("/v1/messages", { headers: { authorization: `Bearer ${copied}` }, data: { to: "+15550000000", text: "hi" } });
  expect(send.status()).toBe(403);

  const row = page.getByRole("row", { name: /Wallet reader/ });
  await expect(row).toContainText(`…${secret.slice(-4)}`);
  await expect(row).toContainText("Active");
  await expect(row).not.toContainText(secret);
  await screenshot(page, "api-keys");

  await row.getByRole("button", { name: "Revoke Wallet reader" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke this key?" });
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText("Revoked");
  const after = await request.get("/v1/usage/wallet", { headers: { authorization: `Bearer ${copied}` } });
  expect(after.status()).toBe(401);
});
