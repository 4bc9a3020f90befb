import http from "node:http";
import type { AddressInfo } from "node:net";
import { apiClient, attachScreenshot, expect, openConversation, signUp, test } from "./fixtures";

// Issue 38 items 1 and 2 in the browser: a customer (the simulator) answers the booking skill's
// confirmation by tapping its "Yes" button, which lands in the skill's slots (the booking is saved) and
// in the webhook (message.received with the button's id); an agent then sends a list and a quoted reply
// from the inbox, and the customer sees the quote and picks a row.

function startReceiver(): Promise<{ url: string; events: Record<string, any>[]; close: () => Promise<void> }> {
  const events: Record<string, any>[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      try {
        events.push(JSON.parse(body));
      } catch {
        // Not an event: ignored.
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/hooks`, events, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

test("a tapped button fills a skill's slot and the webhook; an agent sends a list and a quoted reply", { tag: "@phone" }, async ({ page }) => {
  test.setTimeout(240_000);
  const receiver = await startReceiver();
  try {
    await signUp(page, { kind: "Restaurant" });
    const client = await apiClient(page);
    const hook = await client.post("/v1/webhook-endpoints", { url: receiver.url, events: ["message.received"] });
    expect(hook.status).toBe(200);

    // The customer books through the simulator until the skill asks to confirm.
    await page.goto("/simulator");
    const phone = await page.getByTestId("sim-customer-phone").textContent();
    const chat = page.getByRole("log", { name: "Messages" });
    const replies = chat.locator('[data-direction="outbound"]');
    const say = async (text: string) => {
      await page.getByRole("textbox", { name: "Message" }).fill(text);
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await expect(chat.locator('[data-direction="inbound"]', { hasText: text }).last()).toBeVisible();
    };
    const guest = `Ana ${[...Date.now().toString(36)].map((c) => String.fromCharCode(97 + (Number.parseInt(c, 36) % 26))).join("")}`;
    await say("Hi, I'd like to book a table please");
    let seen = 0;
    let asked = false;
    for (let turn = 0; turn < 8 && !asked; turn++) {
      await expect.poll(() => replies.count(), { timeout: 20_000, message: "the assistant answers" }).toBeGreaterThan(seen);
      seen = await replies.count();
      const last = ((await replies.last().locator("div").first().textContent()) ?? "").toLowerCase();
      // A restaurant's kit opens for lunch (from 12:00) and dinner, closed on Mondays: ask for 1pm two days
      // out, or take the time it offers.
      const offered = /can offer: (\d{1,2}:\d{2})/.exec(last);
      if (last.includes("shall i confirm")) asked = true;
      else if (offered) await say(offered[1]);
      else if (last.includes("fully booked")) await say("in three days at 1pm");
      else if (/what time on/.test(last)) await say("1pm");
      else if (/day|time|when/.test(last)) await say("the day after tomorrow at 1pm");
      else if (/how many/.test(last)) await say("2");
      else if (/name/.test(last)) await say(guest);
      else throw new Error(`Unexpected assistant reply: ${last}`);
      if (!asked) await page.waitForTimeout(300);
    }
    expect(asked).toBe(true);
    // The confirmation's buttons: "Yes" is tapped as WhatsApp does (its id opt_1 and its title).
    const quick = page.getByRole("group", { name: "Quick replies" });
    await expect(quick.getByRole("button", { name: "Yes" })).toBeVisible();
    await attachScreenshot(page, "interactive-sim-buttons");
    await quick.getByRole("button", { name: "Yes" }).click();
    await expect(replies.filter({ hasText: `You're booked, ${guest}` })).toBeVisible({ timeout: 20_000 });
    // The slot: the booking is saved with the skill's answers.
    await expect(page.getByTestId("sim-records")).toContainText(guest, { timeout: 10_000 });
    // The webhook: message.received with the button's id, answering the question it was tapped on.
    await expect
      .poll(() => receiver.events.find((e) => e.type === "message.received" && e.choice)?.choice ?? null, { timeout: 30_000 })
      .toMatchObject({ kind: "button", id: "opt_1", title: "Yes" });
    const tapped = receiver.events.find((e) => e.type === "message.received" && e.choice);
    expect(tapped?.replyTo).toMatch(/^msg_/);

    // The customer writes again (a new conversation opens if the booking closed the last one).
    const customerName = (await page.getByTestId("sim-customer-name").textContent()) ?? "";
    await say("One more question about parking");

    // An agent answers in the inbox: a list, then a reply quoting the customer's message.
    await page.goto("/inbox");
    const thread = await openConversation(page, new RegExp(customerName));
    await expect(thread.getByText("One more question about parking")).toBeVisible();

    await page.getByRole("button", { name: "Add a list" }).click();
    const editor = page.getByTestId("interactive-editor");
    await editor.getByRole("textbox", { name: "List button label" }).fill("See desserts");
    await editor.getByRole("textbox", { name: "Row 1" }).fill("Tiramisu");
    await editor.getByRole("textbox", { name: "Row 2" }).fill("Panna cotta");
    // A list needs its message: WhatsApp refuses one without a body.
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByTestId("interactive-error")).toContainText("Write the message");
    await page.getByRole("textbox", { name: "Reply" }).fill("Would you like a dessert with that?");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const list = thread.getByTestId("interactive-offer").filter({ hasText: "Tiramisu" });
    await expect(list).toBeVisible();
    await expect(list).toHaveAttribute("data-kind", "list");

    // Reply to a specific message: the composer shows the quote, the thread shows it on the reply.
    const question = thread.getByTestId("message").filter({ hasText: "One more question about parking" });
    await question.getByRole("button", { name: "Reply" }).click();
    await expect(page.getByTestId("composer-quote")).toContainText("One more question about parking");
    await attachScreenshot(page, "interactive-inbox-quote");
    await page.getByRole("textbox", { name: "Reply" }).fill("Parking is free after 7 pm.");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByTestId("composer-quote")).toHaveCount(0);
    const quotedReply = thread.getByTestId("message").filter({ hasText: "Parking is free after 7 pm." });
    await expect(quotedReply.getByTestId("quote")).toContainText("One more question about parking");
    await attachScreenshot(page, "interactive-inbox");

    // The customer (the same one: the simulator keeps them) sees the list and the quote, and picks a row.
    await page.goto("/simulator");
    await expect(page.getByTestId("sim-customer-phone")).toHaveText(phone ?? "");
    const simQuote = chat.getByTestId("sim-message").filter({ hasText: "Parking is free after 7 pm." }).getByTestId("quote");
    await expect(simQuote).toContainText("One more question about parking");
    const offered = chat.getByTestId("interactive-offer").filter({ hasText: "Tiramisu" });
    await offered.getByRole("button", { name: "Tiramisu" }).click();
    const picked = chat.locator('[data-direction="inbound"]', { hasText: "Tiramisu" }).last();
    await expect(picked).toBeVisible();
    await expect(picked.getByTestId("quote")).toContainText("Would you like a dessert with that?");
    await attachScreenshot(page, "interactive-sim-list");
    await expect
      .poll(() => receiver.events.find((e) => e.type === "message.received" && e.choice?.kind === "list")?.choice ?? null, { timeout: 30_000 })
      .toMatchObject({ kind: "list", id: "row_1", title: "Tiramisu" });
  } finally {
    await receiver.close();
  }
});
