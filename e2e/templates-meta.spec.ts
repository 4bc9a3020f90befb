import { expect, test } from "@playwright/test";
import { screenshot, signUp } from "./fixtures";

// Templates that Meta knows: a WhatsApp number saved with its Business Account id submits templates to
// Meta; the Templates page shows Meta's status (pending, approved, rejected with its reason), the
// number's messaging limit, and syncs on demand. The fake Graph API (e2e/graph-server.ts) plays Meta,
// its reviewer driven over HTTP.

const graphControl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 2000}/__control/templates/review`;

test("templates: submitted to Meta, pending, then approved or rejected with Meta's reason", async ({ page, request }) => {
  await signUp(page);
  await page.goto("/templates");
  await expect(page.getByTestId("template-review-mode")).toContainText("Sandbox: templates are approved at once");

  await page.goto("/channel");
  await page.getByRole("button", { name: "Connect" }).click();
  await page.getByLabel("Phone number id").fill(`1${String(Date.now()).slice(-11)}`);
  await page.getByLabel("Access token").fill("EAAG-test-token");
  const wabaId = `9${String(Date.now()).slice(-12)}`;
  await page.getByLabel("WhatsApp Business Account id").fill(wabaId);
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText("WhatsApp connected")).toBeVisible();
  await expect(page.getByText("templates are reviewed by Meta")).toBeVisible();

  await page.goto("/templates");
  const mode = page.getByTestId("template-review-mode");
  await expect(mode).toContainText(`WhatsApp Business Account ${wabaId}`);
  await page.getByRole("button", { name: "Sync with Meta" }).click();
  await expect(page.getByText(/Synced with Meta: 0 imported/)).toBeVisible();
  await expect(page.getByTestId("messaging-limit")).toHaveText("1,000 customers a day");

  // A body with a variable needs an example before Meta will look at it.
  await page.getByRole("button", { name: "New template" }).click();
  const dialog = page.getByRole("dialog", { name: "New template" });
  await dialog.getByLabel("Name").fill("table_ready");
  await dialog.getByLabel("Body").fill("Hi {{1}}, your table is ready.");
  await dialog.getByRole("button", { name: "Add template" }).click();
  await expect(dialog.getByText("Required by Meta")).toBeVisible();
  await dialog.getByLabel("Example for {{1}}").fill("Ana");
  await dialog.getByRole("button", { name: "Add template" }).click();
  await expect(dialog).toBeHidden();
  const status = page.getByTestId("template-status-table_ready-en");
  await expect(status).toContainText("pending");

  // Meta approves it; the page shows it after a sync.
  expect((await request.post(graphControl, { data: { name: "table_ready", status: "APPROVED" } })).ok()).toBe(true);
  await page.getByRole("button", { name: "Sync with Meta" }).click();
  await expect(status).toContainText("approved");

  // Another one is rejected, with Meta's reason.
  await page.getByRole("button", { name: "New template" }).click();
  const second = page.getByRole("dialog", { name: "New template" });
  await second.getByLabel("Name").fill("weekend_offer");
  await second.getByLabel("Category").selectOption("marketing");
  await second.getByLabel("Body").fill("This weekend only: 2 for 1 on desserts.");
  await second.getByRole("button", { name: "Add template" }).click();
  await expect(second).toBeHidden();
  expect((await request.post(graphControl, { data: { name: "weekend_offer", status: "REJECTED", reason: "INCORRECT_CATEGORY" } })).ok()).toBe(true);
  await page.getByRole("button", { name: "Sync with Meta" }).click();
  const rejected = page.getByTestId("template-status-weekend_offer-en");
  await expect(rejected).toContainText("rejected");
  await expect(rejected).toContainText("incorrect category");
  await screenshot(page, "templates-meta");
});
