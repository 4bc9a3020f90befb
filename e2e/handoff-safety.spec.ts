import type { Page } from "@playwright/test";
import { admin, apiClient, attachScreenshot, dashboardApi, expect, openConversation, signIn, test, unique, uniquePhone } from "./fixtures";

// Issue 36, the hand-over made safe. Item 1: a conversation handed to a person waits (shows its wait,
// sorts and alerts) from the handoff. Item 4: an order marked ready leaves the assistant answering.
// Item 5: Records -> Orders and its CSV show money in the business's currency and locale, not cents.

const PASSWORD = "correct-horse-battery";

// An order in two turns: how many, then the record with the order's amounts in cents (as the
// ready-made order skill stores them: subtotal, deliveryFee, total).
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
        data: { collection: "orders", fields: { pizzas: "{{pizzas}}", subtotal: "1650", deliveryFee: "250", total: "1900" } },
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

async function business(page: Page, name: string) {
  const { businessId } = (await admin("create-business", { name: unique(name), "time-zone": "Europe/Lisbon" })) as { businessId: string };
  const email = `${unique("owner")}@example.test`;
  await admin("create-user", { business: businessId, email, password: PASSWORD });
  await signIn(page, email, PASSWORD);
  const api = await apiClient(page);
  return { businessId, api };
}

/** The customer writes in (the dashboard's simulator door) and waits for the assistant's answer `expected`. */
async function customerSays(page: Page, phone: string, name: string, text: string, expected: RegExp) {
  const sent = await dashboardApi(page).post("/v1/internal/simulator/messages", { phone, name, text });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  await expect
    .poll(
      async () => {
        const t = await dashboardApi(page).get(`/v1/internal/simulator/messages?phone=${encodeURIComponent(phone)}`);
        return (t.body?.messages ?? [])
          .filter((m: { direction: string }) => m.direction === "outbound")
          .map((m: { text: string }) => m.text)
          .join("\n");
      },
      { timeout: 20_000 },
    )
    .toMatch(expected);
  const t = await dashboardApi(page).get(`/v1/internal/simulator/messages?phone=${encodeURIComponent(phone)}`);
  return {
    conversationId: t.body.conversationId as string,
    status: t.body.conversationStatus as string,
    messages: t.body.messages as { text: string }[],
  };
}

test.describe("the hand-over made safe", { tag: "@phone" }, () => {
  test("item 1: a customer handed to a person waits from the handoff: the wait shows, sorts first and alerts at once", async ({ page, context }) => {
    test.setTimeout(120_000);
    await context.addInitScript(() => {
      const w = window as unknown as { __alerts: { title: string; body?: string }[]; Notification: unknown };
      w.__alerts = [];
      class FakeNotification {
        static permission = "granted";
        static requestPermission = async () => "granted";
        onclick: (() => void) | null = null;
        constructor(title: string, opts?: { body?: string }) {
          w.__alerts.push({ title, body: opts?.body });
        }
      }
      w.Notification = FakeNotification;
      window.localStorage.setItem("convo.handoffAlerts", "on");
    });
    const { api } = await business(page, "Waiting Bistro");
    // Someone the assistant answered: open, nobody waits.
    const answered = uniquePhone();
    await customerSays(page, answered, "Otto Open", "Hello", /./);

    // The alert watches for handoffs that appear after the page's first look.
    await Promise.all([page.waitForResponse((r) => r.url().includes("/v1/internal/inbox/summary") && r.ok()), page.goto("/inbox")]);
    await expect(page.getByTestId("inbox-row").filter({ hasText: "Otto Open" })).toBeVisible();
    await expect(page.getByTestId("inbox-row").filter({ hasText: "Otto Open" }).getByTestId("waiting-since")).toHaveCount(0);

    // A customer asks for a person: the assistant hands off and says goodbye (the last message is the
    // business's), yet the wait starts now.
    const handed = uniquePhone();
    const after = await customerSays(page, handed, "Hana Handoff", "I need to speak to a person", /colleague/);
    expect(after.status).toBe("handoff");
    const conv = (await api.get(`/v1/conversations?status=handoff`)).body.data.find((c: { id: string }) => c.id === after.conversationId);
    expect(conv.waitingSince, "the public object carries the wait").not.toBeNull();

    // The alert fires for the handoff itself, before the customer writes again.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __alerts: { title: string; body?: string }[] }).__alerts), { timeout: 15_000 })
      .toEqual([{ title: "A customer is waiting for a person", body: "Hana Handoff" }]);
    // Her row is first (the waiting handoffs lead the list) with its wait; Otto's later activity sorts below.
    await customerSays(page, answered, "Otto Open", "Thanks!", /./);
    const rows = page.getByTestId("inbox-row");
    await expect(rows.nth(0)).toContainText("Hana Handoff");
    await expect(rows.nth(0).getByTestId("waiting-since")).toContainText(/⏱ (under a minute|\d+ min)/);
    await attachScreenshot(page, "handoff-waiting-list");
    const thread = await openConversation(page, /Hana Handoff/);
    await expect(thread.getByText("I need to speak to a person")).toBeVisible();
    await expect(page.locator(".thread-header").getByTestId("waiting-since")).toContainText(/Waiting (under a minute|\d+ min)/);
    await attachScreenshot(page, "handoff-waiting-thread");

    // A person's reply ends the wait.
    await page.getByRole("textbox", { name: "Reply" }).fill("Hi Hana, Olive here.");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.locator(".thread-header").getByTestId("waiting-since")).toHaveCount(0);
  });

  test("item 4: an order marked ready in Records messages the customer and leaves the assistant answering", async ({ page }) => {
    test.setTimeout(120_000);
    const { api } = await business(page, "Ready Pizza");
    expect((await api.put("/v1/skills/sk_quick_order", quickOrder)).status).toBe(200);
    const phone = uniquePhone();
    await customerSays(page, phone, "Rita Ready", "quick order", /How many pizzas\?/);
    const placed = await customerSays(page, phone, "Rita Ready", "2", /Order saved\./);

    await page.goto("/records");
    await page.getByRole("tab", { name: "Orders" }).click();
    const row = page.getByRole("table", { name: "Orders records" }).getByRole("row", { name: /Rita Ready/ });
    const status = row.getByLabel("Status of Rita Ready");
    await status.selectOption("ready");
    await expect(page.getByRole("status").filter({ hasText: "Status is now ready; the customer was notified." })).toBeVisible();
    await attachScreenshot(page, "order-ready-marked");

    // The message went out as the system's, and the conversation is still the assistant's.
    const messages = (await api.get(`/v1/conversations/${placed.conversationId}/messages`)).body.data as { text: string; source: string }[];
    expect(messages.find((m) => m.text === "Good news: your order is ready.")).toMatchObject({ source: "api" });
    const listed = (await api.get(`/v1/conversations?contactId=${(await api.get(`/v1/records/orders`)).body.data[0].contactId}`)).body.data[0];
    expect(listed).toMatchObject({ status: "open", assigneeId: null });

    // The customer's next message gets the assistant's answer.
    const next = await customerSays(page, phone, "Rita Ready", "quick order", /How many pizzas\?[\s\S]*How many pizzas\?/);
    expect(next.status).toBe("open");
    await page.goto("/inbox");
    await openConversation(page, /Rita Ready/);
    await expect(page.getByTestId("conversation-status")).toHaveText("Open");
    await expect(page.getByRole("log", { name: "Messages" }).getByText("How many pizzas?")).toHaveCount(2);
    await attachScreenshot(page, "order-ready-assistant-answers");
  });

  test("item 5: Records -> Orders and its CSV show money in the business's currency and locale, never cents", async ({ page }) => {
    test.setTimeout(120_000);
    const { api } = await business(page, "Tasca Money");
    expect((await api.put("/v1/skills/sk_quick_order", quickOrder)).status).toBe(200);
    // A Portuguese business charging in euros: "19,00 €".
    expect((await api.put("/v1/business-languages", { languages: ["pt", "en"] })).status).toBe(200);
    const facts = await api.put("/v1/business-facts", { delivery: { offered: true, fee: { amount: 250, currency: "EUR" } } });
    expect(facts.status, JSON.stringify(facts.body)).toBe(200);
    // The customer orders in the simulator; its "Records captured" panel shows the amounts as money.
    await page.goto("/simulator");
    await expect(page.getByTestId("sim-customer-phone")).toHaveText(/^\+\d+$/);
    const phone = (await page.getByTestId("sim-customer-phone").textContent())?.trim() ?? "";
    const chat = page.getByRole("log", { name: "Messages" });
    for (const text of ["quick order", "2"]) {
      await page.getByRole("textbox", { name: "Message" }).fill(text);
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await expect(chat.locator('[data-direction="inbound"]', { hasText: text }).last()).toBeVisible();
    }
    await expect(chat.locator('[data-direction="outbound"]', { hasText: "Order saved." })).toBeVisible({ timeout: 20_000 });
    const captured = page.getByTestId("sim-records");
    await expect(captured).toContainText("19,00 €", { timeout: 10_000 });
    await expect(captured).toContainText("2,50 €");
    await expect(captured).not.toContainText("1900");
    await attachScreenshot(page, "simulator-records-money");
    expect((await api.get("/v1/records/orders")).body.data[0].fields).toMatchObject({ total: "1900" });
    expect((await api.post("/v1/contacts", { phone, name: "Manuel Money" })).status).toBe(200);

    // Loading, then the amounts.
    await page.goto("/records");
    await page.getByRole("tab", { name: "Orders" }).click();
    const table = page.getByRole("table", { name: "Orders records" });
    // Field columns come in the stored record's key order (jsonb: shorter keys first).
    await expect(table.getByRole("columnheader")).toHaveText([
      "Captured",
      "Customer",
      "Status",
      "Total",
      "Pizzas",
      "Subtotal",
      "Delivery fee",
      "Conversation",
    ]);
    const row = table.getByRole("row", { name: /Manuel Money/ });
    await expect(row.getByRole("cell").nth(3)).toHaveText("19,00 €");
    await expect(row.getByRole("cell").nth(5)).toHaveText("16,50 €");
    await expect(row.getByRole("cell").nth(6)).toHaveText("2,50 €");
    await expect(row).not.toContainText("1900");
    await attachScreenshot(page, "records-money");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
    const [header, line] = text.split(/\r?\n/);
    expect(header).toBe("Record id,Captured (Europe/Lisbon),Customer,Phone,Status,Total,Pizzas,Subtotal,Delivery fee,Conversation id,Contact id");
    expect(line).toContain(',new,"19,00 €",2,"16,50 €","2,50 €",');
    expect(line).not.toContain("1900");

    // The empty state of another collection, and the error state when the records cannot load.
    await page.getByRole("tab", { name: "Bookings" }).click();
    await expect(page.getByText("No bookings yet")).toBeVisible();
    await page.route("**/v1/internal/records/orders?**", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.getByRole("tab", { name: "Orders" }).click();
    await page.reload();
    await page.getByRole("tab", { name: "Orders" }).click();
    await expect(page.getByText("Could not load records")).toBeVisible({ timeout: 20_000 });
    await attachScreenshot(page, "records-error");
  });
});
