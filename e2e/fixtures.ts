import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { type APIRequestContext, type Browser, test as base, expect, type Page } from "@playwright/test";

// Shared helpers for the browser specs: fresh businesses through the real sign-up page, sign-in as
// anyone, the dashboard's internal endpoints and the public /v1 API, and page screenshots.

export const DEMO_OWNER = { email: "owner@demo.test", password: "demo-password" };
export const DATA_DIR = path.resolve(__dirname, "..", process.env.E2E_DATA_DIR ?? ".data/e2e");

export type Account = { email: string; password: string; name: string; businessName: string; businessId: string; userId: string };

let counter = 0;
export const unique = (label: string) => `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new business and its owner, created by filling in the sign-up page; leaves the page signed in on /overview. */
export async function signUp(page: Page, opts: { businessName?: string; kind?: string } = {}): Promise<Account> {
  const id = unique("e2e");
  const account = {
    email: `${id}@example.test`,
    password: "correct-horse-battery",
    name: "Olive Owner",
    businessName: opts.businessName ?? `Shop ${id}`,
  };
  await page.goto("/sign-up");
  await page.getByLabel("Business name").fill(account.businessName);
  await page.getByLabel("Your name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  // The onboarding questions keep their defaults (English, the browser's zone, weekdays 9-18); the
  // kind "Other" installs the lead-capture skill only.
  await page.getByRole("radio", { name: new RegExp(`^${opts.kind ?? "Other"}\\b`) }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/overview");
  const session = await currentSession(page);
  return { ...account, businessId: session.businessId, userId: session.userId };
}

export async function signIn(page: Page, email: string, password: string, landing = /\/(overview|inbox)$/) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(landing);
}

export async function signOut(page: Page) {
  await page.locator(".user-menu-button").click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/sign-in**");
}

/**
 * Opens a page with a session that has ended and expects the sign-in page. A page of the dashboard that
 * was already open may notice the ended session first (its next fetch answers 401 and it goes to
 * sign-in on its own, components/data/fetcher.ts), which interrupts this navigation with exactly that
 * one: the outcome asserted is the same either way.
 */
export async function expectSignedOut(page: Page, path: string) {
  try {
    await page.goto(path);
  } catch (err) {
    if (!(err instanceof Error) || !/interrupted by another navigation to "[^"]*\/sign-in\?callbackUrl=/.test(err.message)) throw err;
  }
  await expect(page).toHaveURL(/\/sign-in/);
}

/** next-auth's session as the browser sees it (userId, businessId, role, email). */
export async function currentSession(page: Page): Promise<{ userId: string; businessId: string; role: string; email: string }> {
  const res = await page.request.get("/api/auth/session");
  const body = await res.json();
  expect(body?.user?.businessId, "signed in").toBeTruthy();
  return body.user;
}

/**
 * The dashboard's internal JSON endpoints with the page's session cookie. Writes carry the Origin
 * header a browser would send (the endpoints refuse cross-site writes).
 */
export function dashboardApi(page: Page) {
  const origin = new URL(page.url().startsWith("http") ? page.url() : `http://localhost:${process.env.E2E_PORT ?? 3100}`).origin;
  const call = async (method: string, url: string, data?: unknown) => {
    const res = await page.request.fetch(url, { method, data, headers: method === "GET" ? {} : { origin } });
    const body = await res.json().catch(() => null);
    return { status: res.status(), body };
  };
  return {
    get: (url: string) => call("GET", url),
    post: (url: string, data?: unknown) => call("POST", url, data ?? {}),
    patch: (url: string, data: unknown) => call("PATCH", url, data),
  };
}

/**
 * A teammate who joined through an invite link: the owner's page creates the invite, a fresh browser
 * opens the link and sets the member's name and password (the only way in besides the admin CLI).
 */
export async function addMember(
  ownerPage: Page,
  browser: Browser,
  member: { email: string; password: string; name?: string; role: "owner" | "agent" },
): Promise<void> {
  const invite = await dashboardApi(ownerPage).post("/v1/internal/team/invites", { email: member.email, role: member.role });
  expect(invite.status, JSON.stringify(invite.body)).toBe(200);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(invite.body.url);
  await page.getByLabel("Your name").fill(member.name ?? "Tess Teammate");
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByLabel("Repeat the password").fill(member.password);
  await page.getByRole("button", { name: "Join the team" }).click();
  await page.waitForURL(/\/inbox$/);
  await context.close();
}

/** Runs an operator command through the running server's admin socket (npm run admin does the same). */
export function admin(command: string, args: Record<string, string>): Promise<any> {
  return new Promise((resolve, reject) => {
    const conn = net.createConnection(path.join(DATA_DIR, "admin", "admin.sock"));
    let buf = "";
    conn.on("connect", () => conn.end(`${JSON.stringify({ command, args })}\n`));
    conn.on("data", (c) => {
      buf += c.toString("utf8");
    });
    conn.on("end", () => {
      const reply = JSON.parse(buf.split("\n")[0]) as { ok: boolean; result?: unknown; error?: string };
      if (reply.ok) resolve(reply.result);
      else reject(new Error(reply.error));
    });
    conn.on("error", reject);
  });
}

/** A client of the public /v1 API with a fresh all-scopes key of the business. */
export async function apiClient(request: APIRequestContext, businessId: string) {
  const { key } = (await admin("create-key", { business: businessId, scopes: "all", name: "e2e" })) as { key: string };
  const headers = { authorization: `Bearer ${key}` };
  return {
    key,
    get: async (url: string) => {
      const res = await request.get(url, { headers });
      return { status: res.status(), body: await res.json() };
    },
    post: async (url: string, data: unknown) => {
      const res = await request.post(url, { headers, data });
      return { status: res.status(), body: await res.json() };
    },
    put: async (url: string, data: unknown) => {
      const res = await request.put(url, { headers, data });
      return { status: res.status(), body: await res.json() };
    },
  };
}

/** True when the test runs in the `phone` project (a viewport narrower than the 768 px breakpoint). */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1440) < 768;
}

/**
 * A full-page screenshot (`fullPage: false`: the screen only, for a drawer or dialog over the page) saved in the test's output folder (test-results/artifacts/<test>-<project>/)
 * and attached to the test (`testInfo.attach`: the HTML report shows it), named `<name>-<project>`.
 */
export async function attachScreenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  const info = test.info();
  const file = info.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: opts.fullPage ?? true });
  await info.attach(`${name}-${info.project.name}`, { path: file, contentType: "image/png" });
}

/**
 * A screenshot of the current page at the project's size, written to test-results/screenshots/<name>.png
 * (`<name>.phone.png` on the phone) for browsing by name, and attached to the test.
 */
export async function screenshot(page: Page, name: string) {
  const dir = path.resolve(__dirname, "../test-results/screenshots");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, isPhone(page) ? `${name}.phone.png` : `${name}.png`);
  await page.screenshot({ path: file });
  await test.info().attach(`${name}-${test.info().project.name}`, { path: file, contentType: "image/png" });
}

/**
 * Opens the navigation at either size: on a phone the menu button opens the drawer; on a wide
 * screen the sidebar is always there. Returns the navigation landmark.
 */
export async function openNav(page: Page) {
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  if (isPhone(page) && !(await nav.isVisible())) {
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(nav).toBeVisible();
  }
  return nav;
}

/** Goes to a dashboard page through the navigation (the drawer on a phone), as a person would. */
export async function navigateTo(page: Page, label: string) {
  // A click that lands while the previous navigation (the redirect after sign-up) is still settling can
  // be overtaken by it: the person clicks again, and so does this helper, until the page is the one asked.
  await expect(async () => {
    const nav = await openNav(page);
    await nav.getByRole("link", { name: label, exact: true }).click({ timeout: 5_000 });
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page", { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  if (isPhone(page)) await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
}

/**
 * Opens a conversation from the inbox list at either size and returns its message log. On a wide
 * screen the list stays beside the thread; on a phone the thread takes the screen, with a back button.
 */
export async function openConversation(page: Page, name: string | RegExp) {
  const list = page.getByRole("list", { name: "Conversations" });
  await list.getByRole("button", { name }).first().click();
  const thread = page.getByRole("log", { name: "Messages" });
  await expect(thread).toBeVisible();
  if (isPhone(page)) {
    await expect(list).toBeHidden();
    await expect(page.getByRole("button", { name: "Back to conversations" })).toBeVisible();
  } else {
    await expect(list).toBeVisible();
  }
  return thread;
}

/** Back from a thread to the conversation list: the back button on a phone; on a wide screen the list is already beside it. */
export async function backToConversations(page: Page) {
  const list = page.getByRole("list", { name: "Conversations" });
  if (isPhone(page)) {
    await page.getByRole("button", { name: "Back to conversations" }).click();
    await expect(page.getByRole("log", { name: "Messages" })).toBeHidden();
  }
  await expect(list).toBeVisible();
  return list;
}

export const uniquePhone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

export const test = base;
export { expect };
