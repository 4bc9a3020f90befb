import type { Page } from "@playwright/test";
import {
  apiClient,
  attachScreenshot,
  backToConversations,
  DEMO_OWNER,
  expect,
  isPhone,
  openConversation,
  signIn,
  signUp,
  test,
  uniquePhone,
} from "./fixtures";

// The flows staff use from a phone, at both sizes (tag @phone: the `desktop` and the `phone` project
// each run them, see e2e/README.md): answer a customer from the inbox, hand a conversation off and
// return it to the assistant, send a template outside the 24-hour window, and chat in the simulator.
// Every control used is asserted to be on screen, not only in the page.

/** A sandbox customer writes through the simulator (a second tab, as a colleague would test); returns their name. */
async function customerWrites(page: Page, text: string): Promise<string> {
  const sim = await page.context().newPage();
  await sim.setViewportSize(page.viewportSize() ?? { width: 1440, height: 900 });
  await sim.goto("/simulator");
  await expect(sim.getByTestId("sim-customer-name")).not.toBeEmpty();
  const name = (await sim.getByTestId("sim-customer-name").textContent())?.trim() ?? "";
  expect(name, "the simulator made a customer").not.toBe("");
  await sim.getByRole("textbox", { name: "Message" }).fill(text);
  await sim.getByRole("button", { name: "Send", exact: true }).click();
  await expect(sim.getByRole("log", { name: "Messages" }).locator('[data-direction="inbound"]', { hasText: text })).toBeVisible();
  await sim.close();
  return name;
}

/** The page does not scroll sideways (the thread's controls are reachable without panning). */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(innerWidth).toBe(page.viewportSize()?.width);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test("reply to a customer from the inbox", { tag: "@phone" }, async ({ page }) => {
  await signUp(page);
  const name = await customerWrites(page, "Hello, do you deliver?");
  await page.goto("/inbox");
  const thread = await openConversation(page, new RegExp(name));
  await expect(thread.getByText("Hello, do you deliver?")).toBeVisible();

  // Inside the 24-hour window: the text box, the attach and send buttons, all on screen.
  const reply = page.getByRole("textbox", { name: "Reply" });
  await expect(reply).toBeInViewport();
  await expect(page.getByRole("button", { name: "Attach a file" })).toBeInViewport();
  await expect(page.getByText(/Free text allowed until/)).toBeInViewport();
  const box = await reply.boundingBox();
  expect(box?.width ?? 0, "the reply box is wide enough to write in").toBeGreaterThan(
    (page.viewportSize()?.width ?? 0) * (isPhone(page) ? 0.5 : 0.25),
  );
  await reply.fill("Yes, we deliver until 10pm.");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const sent = thread.locator('[data-testid="message"][data-direction="outbound"]', { hasText: "Yes, we deliver until 10pm." });
  await expect(sent).toBeVisible();
  await expect(reply).toHaveValue("");
  await expectNoSidewaysScroll(page);
  await attachScreenshot(page, "inbox-reply");

  // Back to the list: the conversation's preview is the reply.
  const list = await backToConversations(page);
  await expect(list.getByRole("button", { name: new RegExp(name) })).toContainText("Yes, we deliver until 10pm.");
  await attachScreenshot(page, "inbox-list");

  // The browser's Back (a phone's back gesture) leaves the thread for the list, and Forward reopens it.
  await openConversation(page, new RegExp(name));
  await page.goBack();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole("log", { name: "Messages" })).toHaveCount(0);
  await expect(list).toBeVisible();
  await page.goForward();
  await expect(page.getByRole("log", { name: "Messages" }).getByText("Yes, we deliver until 10pm.")).toBeVisible();
});

test("hand a conversation off and return it to the assistant", { tag: "@phone" }, async ({ page }) => {
  await signUp(page);
  const name = await customerWrites(page, "Hello there");
  await page.goto("/inbox");
  await openConversation(page, new RegExp(name));

  const status = page.getByTestId("conversation-status");
  await expect(status).toHaveText("Open");
  const handOff = page.getByRole("button", { name: "Hand off" });
  await expect(handOff).toBeInViewport();
  await handOff.click();
  await expect(status).toHaveText("Handed off");
  const giveBack = page.getByRole("button", { name: "Return to assistant" });
  await expect(giveBack).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await attachScreenshot(page, "inbox-handoff");

  // The contact's panel says who has it: beside the thread on a wide screen, behind a toggle on a phone.
  if (isPhone(page)) await page.getByRole("button", { name: "Contact details" }).click();
  const contact = page.getByRole("complementary", { name: "Contact" });
  await expect(contact).toBeVisible();
  await expect(contact).toContainText("Handed off");
  if (isPhone(page)) {
    await attachScreenshot(page, "inbox-contact");
    await page.getByRole("button", { name: "Contact details" }).click();
    await expect(contact).toBeHidden();
  }

  await giveBack.click();
  await expect(status).toHaveText("Open");
  await expect(handOff).toBeInViewport();
  const list = await backToConversations(page);
  await expect(list.getByRole("button", { name: new RegExp(name) })).toContainText("Open");
});

test("outside the window the template picker is reachable", { tag: "@phone" }, async ({ page }) => {
  await signUp(page);
  const v1 = await apiClient(page);
  expect(
    (await v1.post("/v1/templates", { name: "table_ready", language: "en", category: "utility", body: "Hi {{1}}, your table is ready." })).status,
  ).toBe(200);
  const first = await v1.post("/v1/messages", {
    to: uniquePhone(),
    type: "template",
    template: { name: "table_ready", language: "en", variables: ["Dana"] },
  });
  expect(first.status).toBe(200);

  await page.goto(`/inbox?c=${first.body.conversationId}`);
  await expect(page.getByTestId("window-closed")).toBeInViewport();
  await expect(page.getByRole("textbox", { name: "Reply" })).toHaveCount(0);
  await page.getByLabel("Template", { exact: true }).selectOption({ label: "table_ready · en · utility" });
  await page.getByLabel("Variable {{1}}").fill("Rui");
  await expect(page.getByTestId("template-preview")).toHaveText("Hi Rui, your table is ready.");
  const send = page.getByRole("button", { name: "Send template" });
  await expect(send).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await attachScreenshot(page, "inbox-template");
  await send.click();
  await expect(page.getByRole("log", { name: "Messages" }).getByText("Hi Rui, your table is ready.")).toBeVisible();
  await backToConversations(page);
});

test("chat with the assistant in the simulator", { tag: "@phone" }, async ({ page }) => {
  await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password);
  await page.goto("/simulator");
  const chat = page.getByRole("log", { name: "Messages" });
  await expect(page.getByTestId("sim-customer-phone")).toHaveText(/^\+1999\d{7}$/);

  // The chat fills the screen; the composer's controls are all on it.
  const message = page.getByRole("textbox", { name: "Message" });
  for (const control of [
    message,
    page.getByRole("button", { name: "Send", exact: true }),
    page.getByRole("button", { name: "Send a file" }),
    page.getByRole("button", { name: "Share a location" }),
  ])
    await expect(control).toBeInViewport();

  await message.fill("Hi, I'd like to book a table please");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(chat.locator('[data-direction="inbound"]', { hasText: "book a table" })).toBeVisible();
  await expect(chat.locator('[data-direction="outbound"]').first()).toBeVisible({ timeout: 20_000 });
  await expectNoSidewaysScroll(page);
  await attachScreenshot(page, "simulator");

  // What the assistant did is below the chat on a phone, beside it on a wide screen.
  const status = page.getByTestId("sim-status");
  await status.scrollIntoViewIfNeeded();
  await expect(status).toBeInViewport();
  await expect(status).toContainText(/Open|Handed off/);
});
