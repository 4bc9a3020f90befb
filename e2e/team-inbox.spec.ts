import type { Browser, Page } from "@playwright/test";
import {
  admin,
  attachScreenshot,
  backToConversations,
  currentSession,
  DEMO_OWNER,
  dashboardApi,
  expect,
  isPhone,
  openConversation,
  signIn,
  signUp,
  test,
  unique,
  uniquePhone,
} from "./fixtures";

// Issue 14, parts 1-3: the assistant steps back for people, the thread's history and internal notes,
// assignment, views, unread counts, waiting times and the new-handoff alert. Tagged @phone: every test
// runs at 1440x900 (desktop project) and at 390x844 (phone project), with screenshots attached.

/** A second person's browser at the same size as this test's project. */
function otherBrowser(browser: Browser, page: Page) {
  const phone = isPhone(page);
  return browser.newContext({ viewport: page.viewportSize() ?? undefined, isMobile: phone, hasTouch: phone, deviceScaleFactor: phone ? 2 : 1 });
}

// The navigation's counter (in the sidebar, or in the phone's drawer: found by test id at both sizes).
const navUnread = (page: Page) => page.getByTestId("nav-unread");

/** A sandbox customer writes in (the simulator's endpoint); returns the conversation id. */
async function customerSays(page: Page, phone: string, name: string, text: string): Promise<string> {
  const res = await dashboardApi(page).post("/v1/internal/simulator/messages", { phone, name, text });
  expect(res.status).toBe(200);
  const list = await dashboardApi(page).get("/v1/internal/inbox?limit=200");
  const row = list.body.data.find((r: { contact: { phone: string } | null }) => r.contact?.phone === phone);
  expect(row, "the conversation is listed").toBeTruthy();
  return row.id;
}

/** Waits until the assistant has answered the customer (an outbound message in their thread). */
async function assistantAnswered(page: Page, phone: string) {
  await expect
    .poll(
      async () => {
        const t = await dashboardApi(page).get(`/v1/internal/simulator/messages?phone=${encodeURIComponent(phone)}`);
        return (t.body?.messages ?? []).some((m: { direction: string }) => m.direction === "outbound");
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

const thread = (page: Page) => page.getByRole("log", { name: "Messages" });

test.describe("the team inbox", { tag: "@phone" }, () => {
  test("a person's reply pauses the assistant: handoff, assigned to the replier, and the customer's answer reaches no skill", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password);
    const phone = uniquePhone();
    // The demo business is shared by every spec and both sizes: a name of this run's own (letters only).
    const pia = `Pia ${[...Date.now().toString(36)].map((c) => String.fromCharCode(97 + (Number.parseInt(c, 36) % 26))).join("")}`;
    const conv = await customerSays(page, phone, pia, "Hi, can I book a table?");
    await page.goto(`/inbox?c=${conv}`);
    const ask = thread(page).locator('[data-testid="message"][data-direction="outbound"]', { hasText: "For how many people?" });
    await expect(ask).toBeVisible({ timeout: 20_000 });
    await expect(ask.getByTestId("message-author")).toHaveText("Assistant");
    await expect(page.getByTestId("conversation-status")).toHaveText("Open");
    const list = await backToConversations(page);
    await expect(list.getByRole("button", { name: new RegExp(pia) }).getByTestId("inbox-preview")).toContainText("Assistant: ");
    await openConversation(page, new RegExp(pia));

    await page.getByRole("textbox", { name: "Reply" }).fill("Hi Pia, Demo here: a table for how many, and when?");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const mine = thread(page).locator('[data-testid="message"][data-direction="outbound"]', { hasText: "Demo here" });
    await expect(mine.getByTestId("message-author")).toHaveText("Demo Owner");
    await expect(page.getByTestId("conversation-status")).toHaveText("Handed off");
    await expect(page.getByLabel("Assign to")).toHaveValue((await currentSession(page)).userId);
    await expect(thread(page).locator('[data-testid="system-line"][data-event="handed_off"]')).toContainText(
      "Demo Owner handed this to a person (a person replied)",
    );
    await backToConversations(page);
    await expect(page.getByRole("button", { name: new RegExp(pia) }).getByTestId("inbox-preview")).toContainText("Demo Owner: Hi Pia");
    await openConversation(page, new RegExp(pia));

    // The customer answers the person: the booking skill does not take "4" as a party size.
    await dashboardApi(page).post("/v1/internal/simulator/messages", { phone, name: pia, text: "4" });
    await expect(thread(page).locator('[data-direction="inbound"]', { hasText: /^4/ })).toBeVisible();
    await page.waitForTimeout(3_000);
    await expect(thread(page).locator('[data-direction="outbound"]')).toHaveCount(2);
    await expect(thread(page).getByText("What name should the booking be under?")).toHaveCount(0);
    await attachScreenshot(page, "handoff-on-agent-reply");

    // Return to assistant: a history line, and the assistant answers again.
    await page.getByRole("button", { name: "Return to assistant" }).click();
    await expect(page.getByTestId("conversation-status")).toHaveText("Open");
    await expect(thread(page).locator('[data-testid="system-line"][data-event="returned"]')).toContainText(
      "Demo Owner returned this to the assistant",
    );
  });

  test("internal notes stay inside the team, and the thread tells its history", async ({ page }) => {
    await signUp(page);
    const phone = uniquePhone();
    const conv = await customerSays(page, phone, "Nora Notes", "Do you have gluten-free pasta?");
    await page.goto(`/inbox?c=${conv}`);
    await expect(thread(page).getByText("Do you have gluten-free pasta?")).toBeVisible();

    await page.getByRole("tab", { name: "Internal note" }).click();
    await page.getByLabel("Internal note").fill("Allergic to gluten: check with the kitchen before promising anything.");
    await page.getByRole("button", { name: "Add note" }).click();
    const note = thread(page).getByTestId("note");
    await expect(note).toContainText("Allergic to gluten");
    await expect(note).toContainText("Internal note · Olive Owner");
    await expect(note).toContainText("not sent to the customer");

    // Never a message: not in the default list, nor in what the customer's channel got.
    const api = dashboardApi(page);
    const plain = await api.get(`/v1/conversations/${conv}/messages`);
    const texts: string[] = plain.body.data.map((m: { text: string }) => m.text);
    expect(texts).toContain("Do you have gluten-free pasta?");
    expect(texts.some((t) => t.includes("Allergic to gluten"))).toBe(false);
    expect(plain.body.data.every((m: { kind?: string; direction?: string }) => m.kind === undefined && m.direction)).toBe(true);
    const withNotes = await api.get(`/v1/conversations/${conv}/messages?include=notes`);
    expect(withNotes.body.data[0]).toMatchObject({ kind: "note", text: "Allergic to gluten: check with the kitchen before promising anything." });
    const sim = await api.get(`/v1/internal/simulator/messages?phone=${encodeURIComponent(phone)}`);
    expect(JSON.stringify(sim.body)).not.toContain("Allergic to gluten");

    await page.getByRole("button", { name: "Hand off" }).click();
    await expect(page.getByTestId("conversation-status")).toHaveText("Handed off");
    await page.getByRole("button", { name: "Return to assistant" }).click();
    await expect(page.getByTestId("conversation-status")).toHaveText("Open");
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await expect(page.getByTestId("conversation-status")).toHaveText("Closed");
    const lines = thread(page).getByTestId("system-line");
    await expect(lines).toHaveText([
      /Olive Owner handed this to a person/,
      /Olive Owner returned this to the assistant/,
      /Olive Owner closed the conversation/,
    ]);
    await attachScreenshot(page, "notes-and-history");

    // The customer writes again: a new conversation, which says it was reopened.
    await dashboardApi(page).post("/v1/internal/simulator/messages", { phone, name: "Nora Notes", text: "Hello again" });
    await page.goto("/inbox?status=open");
    await openConversation(page, /Nora Notes/);
    await expect(thread(page).locator('[data-testid="system-line"][data-event="reopened"]')).toContainText("Reopened: the customer wrote again");
  });

  test("assign to a teammate; mine, unassigned and all; unread per member and in the navigation", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const owner = await signUp(page);
    const agent = { email: `${unique("agent")}@example.test`, password: "agent-password-1" };
    const created = (await admin("create-user", { business: owner.businessId, email: agent.email, password: agent.password, role: "agent" })) as {
      id: string;
    };
    const phone = uniquePhone();
    const conv = await customerSays(page, phone, "Tom Teammate", "My order is late");
    await dashboardApi(page).post(`/v1/conversations/${conv}/handoff`, { reason: "customer_request" });

    await page.goto(`/inbox?c=${conv}`);
    await page.getByLabel("Assign to").selectOption(created.id);
    await expect(page.getByLabel("Assign to")).toHaveValue(created.id);
    await expect(thread(page).locator('[data-testid="system-line"][data-event="assigned"]')).toContainText(
      `Olive Owner assigned this to ${agent.email}`,
    );

    await backToConversations(page);
    await page.getByLabel("Assignee").selectOption("me");
    await expect(page.getByText("No conversations")).toBeVisible();
    await page.getByLabel("Assignee").selectOption("unassigned");
    await expect(page.getByText("No conversations")).toBeVisible();
    await page.getByLabel("Assignee").selectOption("all");
    await expect(page.getByRole("button", { name: /Tom Teammate/ })).toContainText(`→ ${agent.email}`);

    // The agent, on their own laptop: the conversation is theirs, unread, counted in the navigation.
    const agentContext = await otherBrowser(browser, page);
    const agentPage = await agentContext.newPage();
    await signIn(agentPage, agent.email, agent.password, /\/inbox$/);
    await agentPage.goto("/inbox?assignee=me");
    const row = agentPage.getByRole("button", { name: /Tom Teammate/ });
    await expect(row.getByTestId("unread-count")).toHaveText("1 unread");
    await expect(navUnread(agentPage)).toHaveText("1 unread");
    await attachScreenshot(agentPage, "agent-mine-unread");
    await openConversation(agentPage, /Tom Teammate/);
    await expect(thread(agentPage).getByText("My order is late")).toBeVisible();
    await expect(row.getByTestId("unread-count")).toHaveCount(0);
    await expect(navUnread(agentPage)).toHaveCount(0);

    // Unread is per member: the owner, away from this thread, sees the customer's next message as unread.
    await page.goto("/inbox");
    await dashboardApi(page).post("/v1/internal/simulator/messages", { phone, name: "Tom Teammate", text: "Any news?" });
    await expect(thread(agentPage).getByText("Any news?")).toBeVisible();
    await expect(page.getByRole("button", { name: /Tom Teammate/ }).getByTestId("unread-count")).toHaveText("1 unread");
    await agentContext.close();
  });

  test("waiting since, the longest-waiting handoff first, and the opt-in sound and notification", async ({ page, context }) => {
    test.setTimeout(120_000);
    await context.addInitScript(() => {
      const w = window as unknown as {
        __alerts: { title: string; body?: string }[];
        __chimes: number;
        Notification: unknown;
        AudioContext: typeof AudioContext;
      };
      w.__alerts = [];
      w.__chimes = 0;
      class FakeNotification {
        static permission = "granted";
        static requestPermission = async () => "granted";
        onclick: (() => void) | null = null;
        constructor(title: string, opts?: { body?: string }) {
          w.__alerts.push({ title, body: opts?.body });
        }
      }
      w.Notification = FakeNotification;
      const Real = w.AudioContext;
      w.AudioContext = class extends Real {
        createOscillator() {
          w.__chimes++;
          return super.createOscillator();
        }
      };
    });
    await signUp(page);
    const [wanda, xavier] = [uniquePhone(), uniquePhone()];
    const first = await customerSays(page, wanda, "Wanda Waiting", "Is anyone there?");
    const second = await customerSays(page, xavier, "Xavier Later", "Hello?");
    // The assistant answers both first: nobody waits until a handoff.
    await assistantAnswered(page, wanda);
    await assistantAnswered(page, xavier);
    const api = dashboardApi(page);
    await api.post(`/v1/conversations/${second}/handoff`, {});
    await api.post(`/v1/conversations/${first}/handoff`, {});
    // Handed off, they write again; their wait started at the handoff (issue 36), so writing keeps it.
    await api.post("/v1/internal/simulator/messages", { phone: wanda, name: "Wanda Waiting", text: "Please answer me" });
    await api.post("/v1/internal/simulator/messages", { phone: xavier, name: "Xavier Later", text: "Anyone?" });

    await page.goto("/inbox");
    await page.getByLabel("Sound and notification for new handoffs").check();
    const rows = page.getByTestId("inbox-row");
    // Both wait from their handoffs: Xavier's came first, so he is first although Wanda wrote first.
    await expect(rows.nth(0)).toContainText("Xavier Later");
    await expect(rows.nth(1)).toContainText("Wanda Waiting");
    await expect(rows.nth(0).getByTestId("waiting-since")).toContainText(/⏱ (under a minute|\d+ min)/);
    await expect(navUnread(page)).toHaveText("2 unread");

    // A new handoff arrives while the page is open: a notification and a chime.
    const third = await customerSays(page, uniquePhone(), "Yara Urgent", "I need a person please");
    await api.post(`/v1/conversations/${third}/handoff`, { reason: "customer_request" });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __alerts: { title: string; body?: string }[] }).__alerts), { timeout: 15_000 })
      .toEqual([{ title: "A customer is waiting for a person", body: "Yara Urgent" }]);
    expect(await page.evaluate(() => (window as unknown as { __chimes: number }).__chimes)).toBeGreaterThan(0);
    await expect(rows.nth(2)).toContainText("Yara Urgent");
    await attachScreenshot(page, "waiting-and-alerts");

    // Answered: Wanda no longer waits, and drops below the waiting handoffs.
    await openConversation(page, /Wanda Waiting/);
    await page.getByRole("textbox", { name: "Reply" }).fill("Yes, Olive here!");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(rows.nth(0)).toContainText("Xavier Later");
    await expect(rows.nth(1)).toContainText("Yara Urgent");
    await expect(page.getByTestId("inbox-row").filter({ hasText: "Wanda Waiting" }).getByTestId("waiting-since")).toHaveCount(0);
    await expect(page.locator(".thread-header").getByTestId("waiting-since")).toHaveCount(0);

    // The toggle is stored per browser.
    await page.reload();
    await expect(page.getByLabel("Sound and notification for new handoffs")).toBeChecked();
  });

  test("owners set the inactivity timeout and round-robin; agents cannot", async ({ page, browser }) => {
    const owner = await signUp(page);
    await page.goto("/inbox");
    await page.getByRole("button", { name: "Handoff settings" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Return to the assistant after (minutes)").fill("0");
    await expect(dialog.getByText("A whole number of minutes, 1 to 10080.")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
    await dialog.getByLabel("Return to the assistant after (minutes)").fill("45");
    await dialog.getByLabel("Assign new handoffs to online agents in turn (round-robin)").check();
    await attachScreenshot(page, "handoff-settings");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    expect((await dashboardApi(page).get("/v1/internal/inbox/settings")).body).toEqual({
      resumeAfterMinutes: 45,
      autoAssign: true,
      slaFirstResponseMinutes: null,
      slaResolutionMinutes: null,
      satisfactionSurvey: true,
    });

    const agent = { email: `${unique("agent")}@example.test`, password: "agent-password-2" };
    await admin("create-user", { business: owner.businessId, email: agent.email, password: agent.password, role: "agent" });
    const agentContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const agentPage = await agentContext.newPage();
    await signIn(agentPage, agent.email, agent.password, /\/inbox$/);
    await expect(agentPage.getByRole("button", { name: "Handoff settings" })).toHaveCount(0);
    const refused = await dashboardApi(agentPage).patch("/v1/internal/inbox/settings", { resumeAfterMinutes: 1 });
    expect(refused.status).toBe(403);
    await agentContext.close();
  });
});
