import type { Browser, Page } from "@playwright/test";
import {
  addMember,
  attachScreenshot,
  backToConversations,
  dashboardApi,
  expect,
  isPhone,
  navigateTo,
  openConversation,
  signIn,
  signUp,
  test,
  unique,
  uniquePhone,
} from "./fixtures";

// Issue 36, items 7 and 8: assignment with availability and capacity (the queue and the team's load on
// the Team page), labels (managed on the Team page, put on in the thread, filtered in the list) and SLA
// targets (Due soon / Breached in the list). Tagged @phone: both sizes, screenshots attached.

/** A second person's browser at the same size as this test's project. */
function otherBrowser(browser: Browser, page: Page) {
  const phone = isPhone(page);
  return browser.newContext({ viewport: page.viewportSize() ?? undefined, isMobile: phone, hasTouch: phone, deviceScaleFactor: phone ? 2 : 1 });
}

/** A sandbox customer writes in; returns the conversation id. */
async function customerSays(page: Page, phone: string, name: string, text: string): Promise<string> {
  const res = await dashboardApi(page).post("/v1/internal/simulator/messages", { phone, name, text });
  expect(res.status).toBe(200);
  const list = await dashboardApi(page).get("/v1/internal/inbox?limit=200");
  const row = list.body.data.find((r: { contact: { phone: string } | null }) => r.contact?.phone === phone);
  expect(row, "the conversation is listed").toBeTruthy();
  return row.id;
}

/** Letters only: contact names the list's accessible names can be matched on. */
const letters = (s: string) => [...s].map((c) => String.fromCharCode(97 + (c.charCodeAt(0) % 26))).join("");

test.describe("assignment with capacity, labels and SLA", { tag: "@phone" }, () => {
  test("capacity assignment spreads ten handoffs over two available agents", async ({ page, browser }) => {
    test.setTimeout(240_000);
    await signUp(page);
    const agents = [
      { email: `${unique("ana")}@example.test`, password: "correct-horse-battery", name: "Ana Agent", role: "agent" as const },
      { email: `${unique("ben")}@example.test`, password: "correct-horse-battery", name: "Ben Agent", role: "agent" as const },
    ];
    for (const a of agents) await addMember(page, browser, a);

    // Both agents have the inbox open: they are online.
    const agentPages: Page[] = [];
    for (const a of agents) {
      const context = await otherBrowser(browser, page);
      const p = await context.newPage();
      await signIn(p, a.email, a.password, /\/inbox$/);
      await expect(p.getByLabel("Your availability")).toHaveValue("online");
      agentPages.push(p);
    }

    // The owner turns round-robin on and gives each agent a capacity of 5 on the Team page.
    expect((await dashboardApi(page).patch("/v1/internal/inbox/settings", { autoAssign: true })).status).toBe(200);
    await navigateTo(page, "Team");
    const loadCard = page.getByRole("region", { name: "Load and capacity" }).or(page.locator('[aria-label="Load and capacity"]')).first();
    for (const a of agents) {
      const box = loadCard.getByLabel(`Capacity of ${a.name}`);
      await box.fill("5");
      await box.locator("xpath=..").getByRole("button", { name: "Save" }).click();
      await expect(page.getByText(`${a.name}: at most 5 open conversations.`)).toBeVisible();
    }

    // Ten customers are handed off, then an eleventh.
    const tag = letters(Date.now().toString(36));
    for (let i = 0; i < 11; i++) {
      const conv = await customerSays(page, uniquePhone(), `Cap ${tag} ${letters(String(i))}`, "I need a person please");
      const res = await dashboardApi(page).post(`/v1/conversations/${conv}/handoff`, {});
      expect(res.status).toBe(200);
    }

    const load = await dashboardApi(page).get("/v1/internal/inbox/load");
    const opens = load.body.members.filter((m: { role: string }) => m.role === "agent").map((m: { open: number }) => m.open);
    expect(opens).toEqual([5, 5]);
    expect(load.body.queue).toHaveLength(1);

    for (const m of load.body.members.filter((x: { role: string }) => x.role === "agent")) {
      await expect(page.getByTestId(`load-${m.id}`)).toHaveText("5 / 5");
      await expect(page.getByTestId(`availability-${m.id}`)).toHaveText("online");
    }
    const queue = page.locator('[aria-label="Queue"]').first();
    await expect(queue.getByRole("link", { name: /Cap / })).toHaveCount(1);
    await attachScreenshot(page, "team-queue-and-load");

    // Each agent sees their own load; the eleventh waits until one of them has room.
    await agentPages[0].reload();
    await expect(agentPages[0].getByTestId("my-load")).toHaveText("5/5 open");
    await agentPages[0].goto("/inbox?assignee=me");
    await expect(agentPages[0].getByRole("list", { name: "Conversations" }).getByRole("button", { name: /Cap / })).toHaveCount(5);
    await attachScreenshot(agentPages[0], "agent-at-capacity");

    // Ben goes away: he keeps his five, and raising his capacity gives him nothing while he is away.
    await agentPages[1].getByLabel("Your availability").selectOption("away");
    await expect(agentPages[1].getByTestId("my-load")).toHaveText("5/5 open");
    const ben = load.body.members.find((m: { email: string }) => m.email === agents[1].email);
    await expect(page.getByTestId(`availability-${ben.id}`)).toHaveText("away", { timeout: 15_000 });
    const benBox = loadCard.getByLabel(`Capacity of ${agents[1].name}`);
    await benBox.fill("6");
    await benBox.locator("xpath=..").getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId(`load-${ben.id}`)).toHaveText("5 / 6");
    await expect(queue.getByRole("link", { name: /Cap / })).toHaveCount(1);
    // Back online, the queued conversation is his.
    await agentPages[1].getByLabel("Your availability").selectOption("online");
    await expect(agentPages[1].getByTestId("my-load")).toHaveText("6/6 open");
    await expect(page.getByTestId(`load-${ben.id}`)).toHaveText("6 / 6", { timeout: 15_000 });
    await expect(page.getByText("Nobody is waiting for an agent")).toBeVisible();
    await attachScreenshot(page, "team-queue-empty");
    for (const p of agentPages) await p.context().close();
  });

  test("labels: owners make them, agents put them on, the list filters by them and marks SLA Due soon then Breached", async ({ page }) => {
    test.setTimeout(240_000);
    // The page's clock is Playwright's (running at real speed until the test moves it on): the SLA
    // marks change state by the page's clock between list fetches, so a minute passes in a jump.
    await page.clock.install();
    await signUp(page);
    const tag = letters(Date.now().toString(36));
    const urgent = `Urgent ${tag}`;

    const lia = `Lia ${tag}`;
    const conv = await customerSays(page, uniquePhone(), lia, "Hello");
    await customerSays(page, uniquePhone(), `Max ${tag}`, "Hello there");

    // The owner makes two labels on the Team page, one with its own one-minute first-response target.
    await navigateTo(page, "Team");
    const form = page.getByRole("form", { name: "New label" });
    await form.getByLabel("Name").fill(urgent);
    await form.getByLabel("First response (min)").fill("1");
    await form.getByRole("button", { name: "Add label" }).click();
    await expect(page.getByText(`Label ${urgent} created.`)).toBeVisible();
    await form.getByLabel("Name").fill(`Billing ${tag}`);
    await form.getByRole("button", { name: "Add label" }).click();
    const labelsCard = page.locator('[aria-label="Labels"]').first();
    await expect(labelsCard.getByTestId("label-chip")).toHaveCount(2);
    await expect(labelsCard.getByText("1 min")).toBeVisible();
    await attachScreenshot(page, "team-labels");

    // The business-wide targets in the inbox's Handoff settings.
    await page.goto("/inbox");
    await page.getByRole("button", { name: "Handoff settings" }).click();
    await page.getByLabel("First-response target (minutes)").fill("60");
    await page.getByLabel("Resolution target (minutes)").fill("240");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Handoff settings saved.")).toBeVisible();

    // Lia is handed off: the first-response clock runs from here. Put the label on in the thread.
    expect((await dashboardApi(page).post(`/v1/conversations/${conv}/handoff`, {})).status).toBe(200);
    await openConversation(page, new RegExp(lia));
    await page.getByLabel("Add label").selectOption({ label: urgent });
    const chips = page.getByTestId("conversation-labels").getByTestId("label-chip");
    await expect(chips).toHaveCount(1);
    await expect(chips).toContainText(urgent);
    await attachScreenshot(page, "thread-label");
    const list = await backToConversations(page);
    const row = list.getByRole("button", { name: new RegExp(lia) });
    await expect(row.getByTestId("label-chip")).toContainText(urgent);

    // Filter by the label: only Lia's conversation.
    await page.getByLabel("Label", { exact: true }).selectOption({ label: urgent });
    await expect(list.getByRole("button")).toHaveCount(1);
    await expect(row).toBeVisible();
    await attachScreenshot(page, "inbox-label-filter");

    // The label's one-minute target wins over the business's hour: due soon in its last 12 seconds, then breached.
    await expect(row.getByTestId("sla-mark")).toHaveCount(0);
    await page.clock.fastForward("00:50");
    await expect(row.getByTestId("sla-mark")).toHaveAttribute("data-state", "due_soon");
    await expect(row.getByTestId("sla-mark")).toHaveText(/Due soon/);
    await attachScreenshot(page, "inbox-sla-due-soon");
    await page.clock.fastForward("00:15");
    await expect(row.getByTestId("sla-mark")).toHaveAttribute("data-state", "breached");
    await expect(row.getByTestId("sla-mark")).toHaveText(/Breached/);
    await attachScreenshot(page, "inbox-sla-breached");

    // Taken off in the thread, it leaves the filtered list.
    await openConversation(page, new RegExp(lia));
    await page.getByRole("button", { name: `Remove label ${urgent}` }).click();
    await expect(page.getByTestId("conversation-labels").getByTestId("label-chip")).toHaveCount(0);
    // The filtered list is empty now (no list at all, its empty state instead).
    if (isPhone(page)) await page.getByRole("button", { name: "Back to conversations" }).click();
    await expect(page.getByText("None match these filters.")).toBeVisible();
    await expect(page.getByTestId("inbox-row").filter({ hasText: lia })).toHaveCount(0);
    await attachScreenshot(page, "inbox-label-filter-empty");
  });
});
