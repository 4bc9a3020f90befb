import { expect, screenshot, signUp, test } from "./fixtures";

// The Campaigns page end to end: empty state, a template and three simulator customers (one says STOP),
// the audience count minus the opted-out with a preview per recipient, sending, live counts, and the
// contact's opt-out switch. Sending now is confirmed first ("Send now to 2 customers?"); cancelling it sends nothing.

const sandboxPhone = () => `+1999${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

test("campaigns: count and preview the audience, send, watch the counts, and change a contact's opt-out", async ({ page }) => {
  await signUp(page);
  await page.goto("/campaigns");
  await expect(page.getByRole("heading", { name: "Campaigns", exact: true })).toBeVisible();
  await expect(page.getByText("No campaigns yet")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sending limits" })).toBeVisible();

  const origin = new URL(page.url()).origin;
  const write = async (method: string, url: string, data: unknown) => {
    const res = await page.request.fetch(url, { method, data, headers: { origin } });
    expect(res.status(), `${method} ${url}`).toBe(200);
  };
  await write("POST", "/v1/templates", { name: "sunday_opening", language: "en", category: "marketing", body: "Hi {{1}}, we open on Sunday!" });
  const customers = [
    { phone: sandboxPhone(), name: "Ana Lima", text: "hello" },
    { phone: sandboxPhone(), name: "Bo Reyes", text: "hello" },
    { phone: sandboxPhone(), name: "Cy Stone", text: "STOP" },
  ];
  for (const c of customers) await write("POST", "/v1/internal/simulator/messages", c);

  await page.reload();
  await page.getByRole("button", { name: "New campaign" }).click();
  const dialog = page.getByRole("dialog", { name: "New campaign" });
  await dialog.getByLabel("Name", { exact: true }).fill("Sunday opening");
  await expect(dialog.getByLabel("Template")).toHaveValue(/.+/);
  await expect(dialog.getByLabel("Variable {{1}}")).toHaveValue("{{name|there}}");
  await dialog.getByLabel("Name or phone contains").fill("+1999");
  await dialog.getByRole("button", { name: "Count and preview" }).click();
  await expect(dialog.getByTestId("audience-count")).toContainText("2 customers");
  await expect(dialog.getByTestId("audience-count")).toContainText("1 opted out");
  const preview = dialog.getByRole("list", { name: "Preview per recipient" });
  await expect(preview).toContainText("Hi Ana Lima, we open on Sunday!");
  await expect(preview).toContainText("Hi Bo Reyes, we open on Sunday!");
  await screenshot(page, "campaign-form");
  // Sending now asks first, with the count; Cancel goes back to the form and nothing is sent.
  await dialog.getByRole("button", { name: "Send campaign" }).click();
  const confirm = page.getByRole("dialog", { name: "Send now to 2 customers?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("starts sending at once");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(page.getByText("No campaigns yet")).toBeVisible();
  await dialog.getByRole("button", { name: "Send campaign" }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Send now" }).click();
  await expect(dialog).toBeHidden();

  // The detail follows the send live: both sandbox customers get it, Cy never does.
  const detail = page.getByRole("region", { name: "Campaign" });
  await expect(detail.getByText("completed", { exact: true })).toBeVisible({ timeout: 30_000 });
  const counts = detail.getByTestId("campaign-counts");
  await expect(counts).toContainText("Recipients2");
  await expect(counts).toContainText("Sent2");
  const recipients = detail.getByRole("table");
  await expect(recipients).toContainText("Ana Lima");
  await expect(recipients).not.toContainText("Cy Stone");
  await expect(page.getByRole("table").first()).toContainText("Sunday opening");
  await screenshot(page, "campaigns");

  // Staff see Cy's opt-out on the contact and turn campaigns back on.
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Edit Cy Stone" }).click();
  const editor = page.getByRole("dialog", { name: "Edit Cy Stone" });
  await expect(editor.getByTestId("opt-out-note")).toContainText("Opted out by the customer");
  const toggle = editor.getByRole("switch", { name: "Receives campaigns" });
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await expect(page.getByText("Receives campaigns again.")).toBeVisible();
  await expect(toggle).toBeChecked();
});
