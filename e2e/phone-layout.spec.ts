import type { Page } from "@playwright/test";
import { attachScreenshot, DEMO_OWNER, dashboardApi, expect, isPhone, navigateTo, signIn, signUp, test } from "./fixtures";

// Every page fits the screen at both sizes (the `phone` project is 390x844, see e2e/README.md): no
// sideways scrolling of the page itself (wide tables scroll inside their own box), the main landmark
// shown. The navigation collapses into a drawer on a phone; it is checked with the keyboard here.

/** The page has loaded: its heading is shown and no spinner or skeleton is left. */
async function settled(page: Page) {
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(page.locator("main .spinner, main .skeleton")).toHaveCount(0);
}

async function expectFitsScreen(page: Page, label: string) {
  const size = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    bodyScrollWidth: document.body.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  // A page wider than the screen would also widen a mobile browser's viewport: pin it to the project's.
  expect(size.innerWidth, `${label}: the viewport`).toBe(page.viewportSize()?.width);
  expect(size.scrollWidth, `${label}: no horizontal page scroll`).toBeLessThanOrEqual(size.innerWidth);
  expect(size.bodyScrollWidth, `${label}: no horizontal page scroll`).toBeLessThanOrEqual(size.innerWidth);
  await expect(page.getByRole("main"), `${label}: main landmark`).toBeVisible();
}

const dashboardPages = [
  "/overview",
  "/reports",
  "/inbox",
  "/simulator",
  "/contacts",
  "/records",
  "/campaigns",
  "/skills",
  "/catalog",
  "/assistant",
  "/templates",
  "/channel",
  "/webhooks",
  "/api-keys",
  "/api-reference",
  "/team",
  "/audit",
  "/saved-replies",
  "/services",
  "/business-hours",
  "/business-facts",
  "/account",
  "/appointments",
  "/flows",
  "/payments",
  "/privacy",
];

test("the sign-in and sign-up pages fit the screen", { tag: "@phone" }, async ({ page }) => {
  for (const path of ["/sign-in", "/sign-up"]) {
    await page.goto(path);
    await expect(page.getByRole("main").locator("h1")).toBeVisible();
    await expectFitsScreen(page, path);
    await attachScreenshot(page, path.slice(1));
  }
});

test("every dashboard page fits the screen", { tag: "@phone" }, async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password);
  for (const path of dashboardPages) {
    await page.goto(path);
    await settled(page);
    await expectFitsScreen(page, path);
    await attachScreenshot(page, path.slice(1));
  }
  // Every collection's records (the demo has bookings and leads: tables wider than a phone).
  await page.goto("/records");
  await settled(page);
  for (const tab of await page.getByRole("tab").all()) {
    await tab.click();
    await settled(page);
    await expectFitsScreen(page, `records: ${await tab.textContent()}`);
  }
  // The skill editor: a ready-made skill of the demo business.
  await page.goto("/skills");
  await settled(page);
  await page.locator('main a[href^="/skills/"]').first().click();
  await page.waitForURL(/\/skills\/[^/]+$/);
  await expect(page.getByTestId("skill-canvas")).toBeVisible();
  await expectFitsScreen(page, "skill editor");
  await attachScreenshot(page, "skill-editor");
});

test("the navigation: a sidebar on a wide screen, a drawer behind the menu button on a phone", { tag: "@phone" }, async ({ page }) => {
  await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password);
  await page.goto("/overview");
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  const menu = page.getByRole("button", { name: "Menu" });
  if (!isPhone(page)) {
    await expect(nav).toBeVisible();
    await expect(menu).toBeHidden();
    await navigateTo(page, "Records");
    await expect(page).toHaveURL(/\/records$/);
    return;
  }

  // Closed: out of sight and out of the tab order; the top bar names the page.
  await expect(nav).toBeHidden();
  await expect(page.locator(".topbar")).toContainText("Overview");
  await expect(menu).toHaveAttribute("aria-expanded", "false");

  // Opened from the keyboard: focus moves into the drawer, Escape closes it and returns focus.
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(nav).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: "Overview" })).toBeFocused();
  await attachScreenshot(page, "nav-drawer", { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();

  // Tab stays inside the open drawer (it covers the page).
  await page.keyboard.press("Enter");
  await expect(nav).toBeVisible();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("#dashboard-nav")), "focus stays in the drawer").toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();

  // Navigation closes it; a tap on the page beside it closes it too.
  await navigateTo(page, "Records");
  await expect(page).toHaveURL(/\/records$/);
  await expect(page.locator(".topbar")).toContainText("Records");
  await menu.click();
  await expect(nav).toBeVisible();
  await page.mouse.click(370, 400);
  await expect(nav).toBeHidden();
});

test("a handoff waiting shows in the top bar on a phone, beside the menu, and opens the inbox", { tag: "@phone" }, async ({ page }) => {
  await signUp(page);
  const api = dashboardApi(page);
  const sent = await api.post("/v1/internal/simulator/messages", { phone: "+19995550136", name: "Tina Topbar", text: "I need to speak to a person" });
  expect(sent.status).toBe(200);
  await expect
    .poll(async () => (await api.get("/v1/internal/inbox/summary")).body.unreadConversations, { timeout: 20_000, message: "the handoff is unread" })
    .toBe(1);
  await page.goto("/overview");
  const topbar = page.getByTestId("topbar-unread");
  if (!isPhone(page)) {
    // A wide screen has no top bar: the sidebar's counter says it.
    await expect(page.getByTestId("nav-unread")).toHaveText("1 unread");
    await expect(topbar).toBeHidden();
    return;
  }
  await expect(topbar).toBeVisible();
  await expect(topbar).toHaveAccessibleName("Inbox: 1 handed-off conversation unread");
  const box = await topbar.boundingBox();
  expect(box?.height ?? 0, "a 44 px touch target").toBeGreaterThanOrEqual(44);
  await attachScreenshot(page, "topbar-unread", { fullPage: false });
  await topbar.click();
  await expect(page).toHaveURL(/\/inbox$/);
});

test("buttons, tabs and fields are touch targets of at least 44 px on a phone", { tag: "@phone" }, async ({ page }) => {
  test.skip(!isPhone(page), "a wide screen keeps the compact controls");
  await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password);
  for (const path of ["/inbox", "/contacts", "/records", "/reports", "/simulator", "/team"]) {
    await page.goto(path);
    await settled(page);
    const small = await page.locator("main .btn:visible, main .tab:visible, main .input:visible").evaluateAll((els) =>
      els
        .map((el) => ({
          text: (el.textContent || el.getAttribute("aria-label") || el.tagName).trim().slice(0, 30),
          h: el.getBoundingClientRect().height,
        }))
        .filter((x) => x.h < 44),
    );
    expect(small, `${path}: controls under 44 px`).toEqual([]);
  }
  await attachScreenshot(page, "touch-targets", { fullPage: false });
});

test("the simulator opens at its header with a full-width message field on a phone", { tag: "@phone" }, async ({ page }) => {
  await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password);
  await page.goto("/simulator");
  const field = page.getByRole("textbox", { name: "Message" });
  await expect(field).toBeVisible();
  await expect(page.getByTestId("sim-customer-phone")).toHaveText(/^\+1999\d{7}$/);
  if (!isPhone(page)) {
    // A wide screen is ready to type.
    await expect(field).toBeFocused();
    return;
  }
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.scrollY), "the page starts at the top").toBe(0);
  await expect(page.locator("main h1")).toBeInViewport();
  await expect(field).not.toBeFocused();
  const box = await field.boundingBox();
  expect(box?.width ?? 0, "a message field as wide as the chat").toBeGreaterThan(300);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await field.fill("Hello from a phone");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("log", { name: "Messages" }).getByText("Hello from a phone")).toBeVisible();
  await attachScreenshot(page, "simulator-phone", { fullPage: false });
});

test("tables are cards on a phone: nothing scrolls sideways inside its box", { tag: "@phone" }, async ({ page }) => {
  test.skip(!isPhone(page), "a wide screen shows the tables as tables");
  await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password);
  for (const path of ["/contacts", "/records", "/catalog", "/templates", "/api-keys", "/team", "/reports"]) {
    await page.goto(path);
    await settled(page);
    const wide = await page
      .locator("main .table-wrap")
      .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => `${el.scrollWidth} > ${el.clientWidth}`));
    expect(wide, `${path}: tables wider than their box`).toEqual([]);
    await attachScreenshot(page, `cards${path.replace("/", "-")}`);
  }
});
