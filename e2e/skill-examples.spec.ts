import { apiClient, expect, signUp, test } from "./fixtures";

// A skill's example phrases (issue 35 item 2): the owner adds and removes them in the skill editor,
// they are saved with the skill (and read back through /v1), the API refuses a phrase past the limit,
// and the assistant knows the skill by them from the next message on. Desktop only: on a phone the
// editor is read-only.

const voucher = {
  name: "Gift vouchers",
  enabled: true,
  graph: {
    nodes: [
      { id: "start", type: "trigger", position: { x: 0, y: 0 }, data: { keywords: ["gift card"] } },
      { id: "say", type: "message", position: { x: 0, y: 120 }, data: { text: "Our vouchers start at 20 EUR; pick one up at the counter." } },
      { id: "end", type: "end", position: { x: 0, y: 240 }, data: {} },
    ],
    edges: [
      { id: "e1", source: "start", target: "say" },
      { id: "e2", source: "say", target: "end" },
    ],
  },
};

test("add and remove example phrases, save, and the assistant uses them", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  const api = await apiClient(page);
  expect((await api.put("/v1/skills/sk_vouchers", voucher)).status).toBe(200);

  await page.goto("/skills/sk_vouchers");
  const panel = page.getByTestId("skill-examples");
  await expect(panel.getByText("No example phrases yet")).toBeVisible();

  // Two phrases in two languages, then the Portuguese one removed again.
  await panel.getByLabel("Example phrase").fill("can I buy a present voucher for my mum");
  await panel.getByRole("button", { name: "Add phrase" }).click();
  await panel.getByLabel("Language of the phrase").selectOption("pt");
  await panel.getByLabel("Example phrase").fill("queria um vale de presente");
  await panel.getByRole("button", { name: "Add phrase" }).click();
  await expect(panel.getByTestId("skill-example")).toHaveCount(2);
  await panel.getByRole("button", { name: 'Remove "queria um vale de presente"' }).click();
  await expect(panel.getByTestId("skill-example")).toHaveCount(1);
  // A phrase too short is refused in the form, before any save.
  await panel.getByLabel("Example phrase").fill("a");
  await panel.getByRole("button", { name: "Add phrase" }).click();
  await expect(panel.getByText("Write a phrase of at least 2 characters.")).toBeVisible();

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved as version 2.")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("skill-example")).toHaveCount(1);
  await expect(page.getByTestId("skill-example")).toContainText("can I buy a present voucher for my mum");

  const saved = await api.get("/v1/skills/sk_vouchers");
  expect(saved.body.examples).toEqual([{ lang: "en", text: "can I buy a present voucher for my mum" }]);

  // The documented 400: a phrase longer than 200 characters names its field.
  const tooLong = await api.put("/v1/skills/sk_vouchers", { ...voucher, examples: [{ lang: "en", text: "x".repeat(201) }] });
  expect(tooLong.status).toBe(400);
  expect(tooLong.body.error.code).toBe("invalid_request");
  expect(JSON.stringify(tooLong.body.error.details)).toContain("examples[0].text");

  // The next customer message that means the skill in other words starts it.
  await page.goto("/simulator");
  const chat = page.getByRole("log", { name: "Messages" });
  await page.getByRole("textbox", { name: "Message" }).fill("could I buy a present voucher for my dad?");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(chat.locator('[data-direction="outbound"]', { hasText: "Our vouchers start at 20 EUR" })).toBeVisible({ timeout: 20_000 });
});
