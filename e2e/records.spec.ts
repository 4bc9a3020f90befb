import { admin, apiClient, expect, screenshot, signIn, test, unique } from "./fixtures";

// Issue 15 part 4: records a person can read: columns named by the skill's labels, times in the
// business's time zone, the customer's name and phone, and a status staff change in place (an order
// that becomes ready messages the customer).

// A pickup order in two turns: how many, then the record (a fixed pickup time, so the local time is known).
const quickOrder = {
  name: "Quick order",
  enabled: true,
  graph: {
    nodes: [
      { id: "t", type: "trigger", data: { keywords: ["quick order"] } },
      { id: "q", type: "question", data: { text: "How many pizzas?", variable: "pizzas", kind: "number", label: "Pizzas" } },
      {
        id: "r",
        type: "record",
        data: {
          collection: "orders",
          fields: { PIZZA_COUNT: "{{pizzas}}", PICKUP_AT: "2026-11-28T20:00:00.000Z" },
          labels: { PICKUP_AT: "Pickup time" },
        },
      },
      { id: "e", type: "end", data: { text: "Order saved." } },
    ],
    edges: [
      { id: "1", source: "t", target: "q" },
      { id: "2", source: "q", target: "r" },
      { id: "3", source: "r", target: "e" },
    ],
  },
};

test("records show labels, local times, the customer, and a status staff change", { tag: "@phone" }, async ({ page }) => {
  test.setTimeout(120_000);
  // A business in Tokyo: 20:00 UTC is 05:00 the next day there.
  const { businessId } = (await admin("create-business", { name: unique("Tokyo Pizza"), "time-zone": "Asia/Tokyo" })) as { businessId: string };
  const email = `${unique("owner")}@example.test`;
  await admin("create-user", { business: businessId, email, password: "correct-horse-battery" });
  await signIn(page, email, "correct-horse-battery");
  const api = await apiClient(page);
  expect((await api.put("/v1/skills/sk_quick_order", quickOrder)).status).toBe(200);

  // The customer orders in the simulator.
  await page.goto("/simulator");
  await expect(page.getByTestId("sim-customer-phone")).toHaveText(/^\+\d+$/);
  const phone = (await page.getByTestId("sim-customer-phone").textContent())?.trim() ?? "";
  const chat = page.getByRole("log", { name: "Messages" });
  for (const text of ["quick order", "3"]) {
    await page.getByRole("textbox", { name: "Message" }).fill(text);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(chat.locator('[data-direction="inbound"]', { hasText: text }).last()).toBeVisible();
  }
  await expect(chat.locator('[data-direction="outbound"]', { hasText: "Order saved." })).toBeVisible({ timeout: 20_000 });
  // The customer's name as the business knows it (the contact is read when the records are).
  expect((await api.post("/v1/contacts", { phone, name: "Grace Hopper" })).status).toBe(200);

  await page.goto("/records");
  await page.getByRole("tab", { name: "Orders" }).click();
  const table = page.getByRole("table", { name: "Orders records" });
  const headers = table.getByRole("columnheader");
  // Field columns come in the stored record's key order (jsonb: shorter keys first).
  await expect(headers).toHaveText(["Captured", "Customer", "Status", "Pickup time", "Pizzas", "Conversation"]);
  const row = table.getByRole("row", { name: /Grace Hopper/ });
  await expect(row).toContainText(phone);
  await expect(row).toContainText("Sun 29 Nov 2026, 05:00");
  await expect(row.getByRole("cell").nth(4)).toHaveText("3");
  await expect(page.getByText("Times are in Asia/Tokyo.")).toBeVisible();
  await expect(row).not.toContainText("2026-11-28T20:00");

  // The status: only the moves an order allows; ready messages the customer (they wrote just now).
  const status = row.getByLabel("Status of Grace Hopper");
  await expect(status).toHaveValue("new");
  await expect(status.locator("option")).toHaveText(["new", "preparing", "ready", "delivered", "cancelled"]);
  await screenshot(page, "records-orders");
  await status.selectOption("ready");
  await expect(page.getByRole("status").filter({ hasText: "Status is now ready; the customer was notified." })).toBeVisible();
  await expect(status).toHaveValue("ready");
  await expect(status.locator("option")).toHaveText(["ready", "delivered", "cancelled"]);
  await screenshot(page, "records-status-ready");
  const [order] = (await api.get("/v1/records/orders")).body.data;
  expect(order).toMatchObject({ status: "ready", contact: { name: "Grace Hopper", phone } });
  const conversation = (await api.get(`/v1/conversations?contactId=${order.contactId}`)).body.data[0];
  const sent = (await api.get(`/v1/conversations/${conversation.id}/messages`)).body.data.map((m: { text: string }) => m.text);
  expect(sent).toContain("Good news: your order is ready.");

  // Delivered is final: nothing more to pick.
  await status.selectOption("delivered");
  await expect(page.getByRole("status").filter({ hasText: "Status is now delivered." })).toBeVisible();
  await expect(status).toBeDisabled();

  // The CSV export reads like the table.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
  const [header, line] = text.split(/\r?\n/);
  expect(header).toBe("Record id,Captured (Asia/Tokyo),Customer,Phone,Status,Pickup time,Pizzas,Conversation id,Contact id");
  // The phone starts with + and is written as text ('+...), so no spreadsheet reads it as a formula.
  expect(line).toContain(`,Grace Hopper,"'${phone}",delivered,2026-11-29 05:00,3,`);
});

test("with order-ready messages turned off, the status still changes and the UI says the customer was not notified", { tag: "@phone" }, async ({
  page,
}) => {
  const { businessId } = (await admin("create-business", { name: unique("Quiet Shop"), "time-zone": "Europe/Lisbon" })) as { businessId: string };
  const email = `${unique("owner")}@example.test`;
  await admin("create-user", { business: businessId, email, password: "correct-horse-battery" });
  await signIn(page, email, "correct-horse-battery");
  const api = await apiClient(page);
  expect((await api.put("/v1/skills/sk_quick_order", quickOrder)).status).toBe(200);
  // An order comes in through the simulator; then the owner turns the order-ready message off.
  await page.goto("/simulator");
  const chat = page.getByRole("log", { name: "Messages" });
  for (const text of ["quick order", "2"]) {
    await page.getByRole("textbox", { name: "Message" }).fill(text);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(chat.locator('[data-direction="inbound"]', { hasText: text }).last()).toBeVisible();
  }
  await expect(chat.locator('[data-direction="outbound"]', { hasText: "Order saved." })).toBeVisible({ timeout: 20_000 });

  await page.goto("/records");
  await page.getByRole("tab", { name: "Orders" }).click();
  await page.getByRole("button", { name: "Order settings" }).click();
  const settings = page.getByTestId("order-settings");
  await expect(settings.getByLabel("Template outside the window")).toHaveValue("");
  await settings.getByLabel("Message the customer when an order becomes ready").uncheck();
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Order settings saved." })).toBeVisible();
  await screenshot(page, "records-order-settings");

  const status = page.getByRole("table", { name: "Orders records" }).getByRole("combobox").first();
  await status.selectOption("ready");
  await expect(page.getByRole("alert").filter({ hasText: "Status is now ready, but the customer was not notified" })).toBeVisible();
  await expect(status).toHaveValue("ready");
  await screenshot(page, "records-not-notified");
  expect((await api.get("/v1/records/orders")).body.data[0].status).toBe("ready");
});
