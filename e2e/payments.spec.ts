import { ordersGraph } from "../lib/shared/ready-made-skills";
import { apiClient, expect, screenshot, signUp, test } from "./fixtures";

// Issue 40, items 6 and 7: Settings > Payments with the business's own Stripe keys; an order in the
// simulator gets a payment link and turns paid when (the fake) Stripe posts its signed webhook; stock
// shown and edited in the catalog page.

const STRIPE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 2001}`;

test("payments configured in Settings, an order paid through its link @phone", async ({ page }) => {
  test.setTimeout(180_000);
  const account = await signUp(page);
  const api = await apiClient(page);
  const tiramisu = { externalId: "tiramisu", title: "Tiramisu", price: { amount: 600, currency: "EUR" }, stock: 10 };
  expect((await api.post("/v1/catalog/menu/items", { items: [tiramisu] })).status).toBe(200);
  expect((await api.put("/v1/skills/sk_orders", { name: "Order taking", enabled: true, graph: ordersGraph })).status).toBe(200);

  await page.goto("/payments");
  await expect(page.getByText("No payment provider yet")).toBeVisible();
  const secretKey = `sk_test_e2e${Date.now()}abc`;
  const webhookSecret = `whsec_e2e${Date.now()}xyz`;
  await page.getByLabel("Secret key").fill("pk_test_wrong");
  await page.getByLabel("Webhook signing secret").fill(webhookSecret);
  await page.getByLabel("Require payment before accepting orders").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("must be a Stripe secret key")).toBeVisible();
  await page.getByLabel("Secret key").fill(secretKey);
  await page.getByLabel("Webhook signing secret").fill(webhookSecret);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Keys saved")).toBeVisible();
  await expect(page.getByLabel("Secret key")).toHaveAttribute("placeholder", new RegExp(`…${secretKey.slice(-4)}`));
  const webhookUrl = (await page.getByTestId("payments-webhook-url").textContent())?.trim() ?? "";
  expect(webhookUrl).toMatch(new RegExp(`/payments/stripe/${account.businessId}$`));
  await screenshot(page, "payments-settings");
  // The business adds that URL in its Stripe account (here: the fake's).
  expect((await page.request.post(`${STRIPE}/__accounts`, { data: { secretKey, webhookSecret, webhookUrl } })).status()).toBe(200);

  await page.goto("/simulator");
  const chat = page.getByRole("log", { name: "Messages" });
  const replies = chat.locator('[data-direction="outbound"]');
  const say = async (text: string, expected: string | RegExp) => {
    await page.getByRole("textbox", { name: "Message" }).fill(text);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(replies.filter({ hasText: expected }).last()).toBeVisible({ timeout: 20_000 });
  };
  await say("order tiramisu", "How many Tiramisu");
  await say("2", "pick it up");
  await say("pickup", "Shall I place the order?");
  await say("yes", /Please pay €12\.00 here/);
  const linkText = (await replies.filter({ hasText: "Please pay €12.00 here" }).last().textContent()) ?? "";
  const link = /http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_[a-f0-9]+/.exec(linkText)?.[0];
  expect(link).toBeTruthy();
  await screenshot(page, "payments-link");

  const orders = async () => (await api.get("/v1/records/orders")).body.data;
  expect((await orders())[0]).toMatchObject({ status: "awaiting_payment", payment: { status: "open", url: link, amount: 1200 } });

  // The customer pays on the checkout page; Stripe posts the signed webhook.
  const checkout = await page.context().newPage();
  await checkout.goto(link as string);
  await checkout.getByRole("button", { name: "Pay" }).click();
  await expect(checkout.getByText("webhook answered 200")).toBeVisible();
  await checkout.close();
  await expect.poll(async () => (await orders())[0].status, { timeout: 20_000 }).toBe("paid");
  await expect(replies.filter({ hasText: "Payment received, thank you!" })).toBeVisible({ timeout: 20_000 });

  await page.goto("/records");
  await page.getByRole("tab", { name: "Orders" }).click();
  await expect(
    page
      .getByRole("table", { name: "Orders records" })
      .getByRole("combobox", { name: /^Status of/ })
      .first(),
  ).toHaveValue("paid");
  const item = (await api.get("/v1/catalog/menu/items")).body.data[0];
  expect(item.stock).toBe(8);
});

test("stock shown and editable in the catalog @phone", async ({ page }) => {
  await signUp(page);
  const api = await apiClient(page);
  const items = [
    { externalId: "cake", title: "Cake", price: { amount: 500, currency: "EUR" }, stock: 3 },
    { externalId: "cola", title: "Cola", price: { amount: 200, currency: "EUR" } },
  ];
  expect((await api.post("/v1/catalog/menu/items", { items })).status).toBe(200);
  await page.goto("/catalog");
  await page.getByRole("button", { name: /menu\s*2/ }).click();
  const table = page.getByRole("table");
  await expect(table.getByRole("row", { name: /cake/ })).toContainText("3 left");
  await expect(table.getByRole("row", { name: /cola/ }).getByTestId("stock-count")).toHaveCount(0);

  await page.getByRole("button", { name: "Edit Cake" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Cake" });
  await expect(dialog.getByLabel("Stock count")).toHaveValue("3");
  await dialog.getByLabel("Stock count").fill("many");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("'many' is not a number of units")).toBeVisible();
  await dialog.getByLabel("Stock count").fill("0");
  await screenshot(page, "catalog-stock-edit");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const row = table.getByRole("row", { name: /cake/ });
  await expect(row).toContainText("0 left");
  await expect(row).toContainText("out of stock");
  expect((await api.get("/v1/catalog/menu/items?search=cake")).body.data[0]).toMatchObject({ stock: 0, inStock: false });
});
