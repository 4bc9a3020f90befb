import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "@playwright/test";
import { addMember, attachScreenshot, dashboardApi, expect, isPhone, navigateTo, signIn, signUp, test, unique, uniquePhone } from "./fixtures";

// Issue 36, items 2 and 3. Two agents on two browsers see each other in a conversation (viewing,
// typing), the first reply claims it, and the second, who had not seen that reply, is asked before
// answering twice. A booking the assistant had half done when a person stepped in is completed by the
// person: the record the skill would have written, in Records, with its record.created webhook.
// Tagged @phone: every test runs at 1440x900 and at 390x844, with screenshots attached.

const thread = (page: Page) => page.getByRole("log", { name: "Messages" });

/** A second person's browser at the same size as this test's project. */
function otherBrowser(browser: Browser, page: Page) {
  const phone = isPhone(page);
  return browser.newContext({ viewport: page.viewportSize() ?? undefined, isMobile: phone, hasTouch: phone, deviceScaleFactor: phone ? 2 : 1 });
}

/** A sandbox customer writes in (the simulator's endpoint); returns the conversation id. */
async function customerSays(page: Page, phone: string, name: string, text: string): Promise<string> {
  const res = await dashboardApi(page).post("/v1/internal/simulator/messages", { phone, name, text });
  expect(res.status).toBe(200);
  const list = await dashboardApi(page).get("/v1/internal/inbox?limit=200");
  const row = list.body.data.find((r: { contact: { phone: string } | null }) => r.contact?.phone === phone);
  expect(row, "the conversation is listed").toBeTruthy();
  return row.id;
}

/** Waits for the assistant's reply matching `text` in the customer's thread. */
async function assistantSaid(page: Page, phone: string, text: RegExp) {
  await expect
    .poll(
      async () => {
        const t = await dashboardApi(page).get(`/v1/internal/simulator/messages?phone=${encodeURIComponent(phone)}`);
        return (t.body?.messages ?? []).some((m: { direction: string; text: string }) => m.direction === "outbound" && text.test(m.text));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** A loopback receiver for webhooks (the e2e server allows private addresses). */
function startReceiver(): Promise<{ url: string; received: { type: string; body: any }[]; close: () => Promise<void> }> {
  const received: { type: string; body: any }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      received.push({ type: String(req.headers["x-service-event"]), body: JSON.parse(body || "{}") });
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/hooks`, received, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

test.describe("two people, one conversation", { tag: "@phone" }, () => {
  test("two agents see each other viewing and typing; the first reply claims it, the second is warned and answers nothing", async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await signUp(page);
    const agent = { email: `${unique("ana")}@example.test`, password: "agent-password-9", name: "Ana Agent" };
    await addMember(page, browser, { ...agent, role: "agent" });
    const phone = uniquePhone();
    const conv = await customerSays(page, phone, "Cleo Customer", "Is the terrace open tonight?");

    // The owner on one laptop, Ana on another, both in the conversation.
    await page.goto(`/inbox?c=${conv}`);
    await expect(thread(page).getByText("Is the terrace open tonight?")).toBeVisible();
    const anaContext = await otherBrowser(browser, page);
    const ana = await anaContext.newPage();
    await signIn(ana, agent.email, agent.password, /\/inbox$/);
    await ana.goto(`/inbox?c=${conv}`);
    await expect(thread(ana).getByText("Is the terrace open tonight?")).toBeVisible();

    await expect(page.getByTestId("presence-viewer")).toHaveText("Ana Agent is viewing");
    await expect(ana.getByTestId("presence-viewer")).toHaveText("Olive Owner is viewing");

    // Ana starts writing: the owner sees it.
    await ana.getByRole("textbox", { name: "Reply" }).fill("Sorry, the terrace is closed today.");
    await expect(page.getByTestId("presence-viewer")).toHaveText("Ana Agent is typing…");
    await attachScreenshot(page, "presence-typing");

    // The owner answers first: the conversation is theirs, and Ana sees it at once.
    await page.getByRole("textbox", { name: "Reply" }).fill("Yes, the terrace is open until 23:00!");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(thread(page).locator('[data-testid="message"][data-direction="outbound"]', { hasText: "terrace is open until" })).toBeVisible();
    await expect(page.getByTestId("claim-banner")).toHaveCount(0);
    await expect(ana.getByTestId("claim-banner")).toHaveText("Olive Owner is handling this conversation.");
    await expect(ana.getByTestId("conversation-status")).toHaveText("Handed off");

    // Ana had not seen that reply when she started: sending asks her first, and Cancel sends nothing.
    await ana.getByRole("button", { name: "Send", exact: true }).click();
    const dialog = ana.getByRole("dialog", { name: "Someone else replied" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("reply-conflict")).toHaveText(
      "Olive Owner replied less than a minute ago: “Yes, the terrace is open until 23:00!”. Send anyway?",
    );
    await attachScreenshot(ana, "second-reply-warned", { fullPage: false });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(ana.getByRole("textbox", { name: "Reply" })).toHaveValue("Sorry, the terrace is closed today.");
    const sent = await dashboardApi(page).get(`/v1/conversations/${conv}/messages`);
    const people = sent.body.data.filter((m: { source: string }) => m.source === "agent");
    expect(people.map((m: { text: string }) => m.text)).toEqual(["Yes, the terrace is open until 23:00!"]);
    expect((await dashboardApi(page).get(`/v1/internal/inbox/${conv}`)).body.conversation.assigneeId).toBe(
      (await dashboardApi(page).get("/api/auth/session")).body.user.userId,
    );
    await attachScreenshot(ana, "claimed-by-owner");

    // Ana leaves the thread: the owner no longer sees her.
    await ana.goto("/inbox");
    await expect(page.getByTestId("presence-viewer")).toHaveCount(0, { timeout: 20_000 });
    await anaContext.close();
  });

  test("a half-done booking is completed by a person: in Records with its record.created event", async ({ page }) => {
    test.setTimeout(150_000);
    const receiver = await startReceiver();
    try {
      await signUp(page, { kind: "Restaurant" });
      const origin = new URL(page.url()).origin;
      // Open every day, so any date works for the booking.
      const allDay = ["00:00-24:00"];
      const hours = await page.request.put("/v1/business-hours", {
        headers: { origin },
        data: { weekly: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay }, holidays: [] },
      });
      expect(hours.status()).toBe(200);
      const hook = await dashboardApi(page).post("/v1/webhook-endpoints", { url: receiver.url, events: ["record.created"] });
      expect(hook.status, JSON.stringify(hook.body)).toBe(200);

      // The assistant gets to "Shall I confirm it?".
      const day = new Date(Date.now() + 3 * 86_400_000);
      const date = day.toLocaleDateString("en-US", { month: "long", day: "numeric", timeZone: "UTC" });
      const phone = uniquePhone();
      const conv = await customerSays(page, phone, "Ana Silva", `Hi, I'd like to book a table for 4 on ${date} at 8pm, name Ana Silva`);
      await assistantSaid(page, phone, /Shall I confirm it\?/);

      // A person steps in before the customer answers; the customer's "Yes" goes to them.
      await page.goto(`/inbox?c=${conv}`);
      await expect(thread(page).getByText(/Shall I confirm it\?/)).toBeVisible();
      await page.getByRole("textbox", { name: "Reply" }).fill("Hi Ana, Olive here: let me check the terrace for you.");
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await expect(page.getByTestId("conversation-status")).toHaveText("Handed off");
      await dashboardApi(page).post("/v1/internal/simulator/messages", { phone, name: "Ana Silva", text: "Yes" });
      await expect(thread(page).locator('[data-direction="inbound"]', { hasText: /^Yes/ })).toBeVisible();
      expect((await dashboardApi(page).get("/v1/records/bookings")).body.data).toEqual([]);

      // The thread shows what the skill had gathered.
      const card = page.getByTestId("paused-skill");
      await expect(card).toContainText("Table booking — paused when people took over");
      await expect(card.getByTestId("paused-skill-question")).toContainText("Shall I confirm it?");
      const gathered = card.getByTestId("paused-skill-gathered");
      await expect(gathered.locator("dt")).toHaveText(["Party size", "Name", "When"]);
      await expect(gathered.locator("dd").nth(0)).toHaveText("4");
      await expect(gathered.locator("dd").nth(1)).toHaveText("Ana Silva");
      await expect(gathered.locator("dd").nth(2)).toContainText("20:00");
      await attachScreenshot(page, "paused-booking");

      // Completed by the person: the skill's record, its webhook, and its confirmation to send.
      await card.getByRole("button", { name: "Complete booking" }).click();
      await expect(card).toHaveCount(0);
      await expect(thread(page).locator('[data-testid="system-line"][data-event="skill_completed"]')).toContainText(
        "Olive Owner completed “Table booking” the assistant had started (saved in Records)",
      );
      const box = page.getByRole("textbox", { name: "Reply" });
      await expect(box).toHaveValue(/^You're booked, Ana Silva: a table for 4 on .+\. See you then!$/);
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await expect(thread(page).locator('[data-testid="message"][data-direction="outbound"]', { hasText: "You're booked, Ana Silva" })).toBeVisible();

      await expect.poll(() => receiver.received.filter((r) => r.type === "record.created").length, { timeout: 30_000 }).toBe(1);
      const event = receiver.received.find((r) => r.type === "record.created")?.body;
      expect(event).toMatchObject({
        type: "record.created",
        collection: "bookings",
        conversationId: conv,
        record: { fields: { name: "Ana Silva", party_size: 4 } },
      });
      const records = (await dashboardApi(page).get("/v1/records/bookings")).body.data;
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ id: event.record.id, status: "confirmed", fields: event.record.fields });

      await navigateTo(page, "Records");
      await page.getByRole("tab", { name: "Bookings" }).click();
      const row = page.getByRole("table", { name: "Bookings records" }).getByRole("row", { name: /Ana Silva/ });
      await expect(row).toContainText("confirmed");
      await expect(row).toContainText(phone);
      await attachScreenshot(page, "completed-booking-in-records");
    } finally {
      await receiver.close();
    }
  });
});
