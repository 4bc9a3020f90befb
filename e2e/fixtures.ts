import fs from "node:fs";
import { execFile } from "node:child_process";
import net from "node:net";
import path from "node:path";
import os from "node:os";
import { type Browser, type BrowserContext, test as base, expect, type Locator, type Page } from "@playwright/test";
import { kitHours } from "../lib/shared/starter-kit-hours";
import { scopes } from "../lib/shared/scopes";
import { postgresServerEnv } from "./server-env";

// Shared helpers for the browser specs: fresh businesses through the real sign-up page, sign-in as
// anyone, the dashboard's internal endpoints and the public /v1 API, and page screenshots.

export const DEMO_OWNER = { email: "owner@demo.test", password: "demo-password" };
export const DATA_DIR = path.resolve(__dirname, "..", process.env.E2E_DATA_DIR ?? ".data/e2e");

export type Account = { email: string; password: string; name: string; businessName: string; businessId: string; userId: string };

let counter = 0;
export const unique = (label: string) => `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// The sign-up page's kinds of business (its radio labels) and the values the form posts for them.
const kinds = { Restaurant: "restaurant", "Salon or clinic": "salon_or_clinic", Shop: "shop", Other: "other" } as const;
type KindLabel = keyof typeof kinds;

function newAccount(opts: { businessName?: string }) {
  const id = unique("e2e");
  return { email: `${id}@example.test`, password: "correct-horse-battery", name: "Olive Owner", businessName: opts.businessName ?? `Shop ${id}` };
}

/**
 * A new business and its owner, created as the sign-up page creates them: the same request to
 * /api/sign-up with what the form sends when only the kind is picked (English, the browser's time
 * zone, the kind's hours), then next-auth's sign-in with the password; leaves the page signed in on
 * /overview, hydrated. About 2 s quicker than filling in the form, which `signUpThroughPage` does for the
 * specs about sign-up itself.
 */
export async function signUp(page: Page, opts: { businessName?: string; kind?: KindLabel } = {}): Promise<Account> {
  const account = newAccount(opts);
  const kind = kinds[opts.kind ?? "Other"];
  const origin = baseUrl(page);
  const made = await page.request.post("/api/sign-up", {
    headers: { origin },
    data: {
      ...account,
      onboarding: { kind, languages: ["en"], timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC", hours: kitHours[kind] },
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const { businessId, userId } = (await made.json()) as { businessId: string; userId: string };
  await signInWithPassword(page, account.email, account.password);
  await page.goto("/overview");
  await expect(page, "signed in").toHaveURL(/\/overview$/);
  await hydrated(page.getByRole("navigation", { name: "Dashboard", includeHidden: true }));
  return { ...account, businessId, userId };
}

/** A new business and its owner, created by filling in the sign-up page; leaves the page signed in on /overview. */
export async function signUpThroughPage(page: Page, opts: { businessName?: string; kind?: KindLabel } = {}): Promise<Account> {
  const account = newAccount(opts);
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

/** next-auth's credentials sign-in as its client makes it (the page's cookies get the session). */
async function signInWithPassword(page: Page, email: string, password: string) {
  const csrf = await page.request.get("/api/auth/csrf");
  const { csrfToken } = await csrf.json();
  const res = await page.request.post("/api/auth/callback/credentials", {
    headers: { origin: baseUrl(page) },
    form: { csrfToken, email, password, json: "true" },
  });
  expect(res.status(), "signed in").toBe(200);
}

const baseUrl = (page: Page) => new URL(page.url().startsWith("http") ? page.url() : `http://localhost:${process.env.E2E_PORT ?? 3100}`).origin;

/**
 * Waits until React has hydrated the element (its props are attached to the DOM node): a click on a
 * server-rendered button before that does nothing, and a test would wait out a timeout and retry.
 */
export async function hydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$"))), {
      message: "the page is hydrated",
      intervals: [50, 100, 200],
    })
    .toBe(true);
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
  const origin = baseUrl(page);
  const call = async (method: string, url: string, data?: unknown) => {
    const res = await page.request.fetch(url, { method, data, headers: method === "GET" ? {} : { origin } });
    const body = await res.json().catch(() => null);
    return { status: res.status(), body };
  };
  return {
    get: (url: string) => call("GET", url),
    post: (url: string, data?: unknown) => call("POST", url, data ?? {}),
    patch: (url: string, data: unknown) => call("PATCH", url, data),
    delete: (url: string) => call("DELETE", url),
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

/**
 * Runs an operator command as `npm run admin` does: through the running server's admin socket on the
 * embedded database (the server holds it), or as the CLI itself against E2E_DATABASE_URL on Postgres.
 */
export function admin(command: string, args: Record<string, string>): Promise<any> {
  const database = process.env.E2E_DATABASE_URL;
  if (database) {
    const flags = Object.entries(args).flatMap(([k, v]) => [`--${k}`, v]);
    return new Promise((resolve, reject) => {
      execFile(
        path.resolve(__dirname, "..", "node_modules", ".bin", "tsx"),
        ["--conditions=react-server", "scripts/admin.ts", command, ...flags],
        { cwd: path.resolve(__dirname, ".."), env: { ...process.env, ...postgresServerEnv(database) } },
        (err, stdout, stderr) =>
          err ? reject(new Error(`admin ${command}: ${stderr || err.message}`)) : resolve(JSON.parse(stdout.trim().split("\n").pop() ?? "null")),
      );
    });
  }
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

/**
 * A client of the public /v1 API with a fresh key of every scope, made by the signed-in owner on
 * `page` through the dashboard (as an owner makes one in API keys): the same on either database.
 */
export async function apiClient(page: Page) {
  const made = await dashboardApi(page).post("/v1/internal/api-keys", { name: "e2e", scopes: [...scopes] });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const key = made.body.key as string;
  const headers = { authorization: `Bearer ${key}` };
  const request = page.request;
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
 * At one image pixel per CSS pixel (a phone's screen is drawn at twice that) and at most the top
 * SCREENSHOT_MAX_HEIGHT pixels of a longer page: the API reference's full page took 15-20 s and 14 MB.
 */
export async function attachScreenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  if (!screenshotsWanted) return;
  const info = test.info();
  const file = info.outputPath(`${name}.png`);
  const fullPage = opts.fullPage ?? true;
  const size = fullPage
    ? await page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }))
    : null;
  const clip = size && size.height > SCREENSHOT_MAX_HEIGHT ? { x: 0, y: 0, width: size.width, height: SCREENSHOT_MAX_HEIGHT } : undefined;
  await page.screenshot({ path: file, fullPage, clip, scale: "css" });
  await info.attach(`${name}-${info.project.name}`, { path: file, contentType: "image/png" });
}
const SCREENSHOT_MAX_HEIGHT = 6000;
/** E2E_SCREENSHOTS=0 takes none: `npm test` sets it (they are for looking at, and cost the suite time). */
const screenshotsWanted = process.env.E2E_SCREENSHOTS !== "0";

/**
 * A screenshot of the current page at the project's size, written to test-results/screenshots/<name>.png
 * (`<name>.phone.png` on the phone) for browsing by name, and attached to the test.
 */
export async function screenshot(page: Page, name: string) {
  if (!screenshotsWanted) return;
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
  if (isPhone(page)) {
    // The menu button says whether the drawer is open; the drawer's own visibility lags behind it while
    // it slides shut (a loaded machine caught it still visible, then it hid under the next step).
    const menu = page.getByRole("button", { name: "Menu" });
    if ((await menu.getAttribute("aria-expanded")) !== "true") {
      await hydrated(menu);
      await expect(nav).toBeHidden();
      await menu.click();
    }
    await expect(nav).toBeVisible();
  }
  return nav;
}

/** Goes to a dashboard page through the navigation (the drawer on a phone), as a person would. */
export async function navigateTo(page: Page, label: string) {
  // A click that lands while the previous navigation (the redirect after sign-up) is still settling can
  // be overtaken by it: the person clicks again, and so does this helper, until the page is the one asked.
  await hydrated((await openNav(page)).getByRole("link", { name: label, exact: true }));
  await expect(async () => {
    const nav = await openNav(page);
    const link = nav.getByRole("link", { name: label, exact: true });
    const href = await link.getAttribute("href", { timeout: 5_000 });
    await link.click({ timeout: 5_000 });
    // The same link found by its address, hidden or not: on a phone following a link closes the drawer,
    // which takes it out of the accessibility tree.
    await expect(page.locator(`#dashboard-nav a[href="${href}"]`)).toHaveAttribute("aria-current", "page", { timeout: 5_000 });
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

/**
 * One browser profile per worker, reused by the worker's tests (E2E_SHARED_PROFILE=0 turns it off): each
 * test still starts signed out, with no cookies, no local or session storage, no permissions and no open
 * page, but the profile keeps its HTTP cache and Chromium's compiled code, so the app's static scripts
 * and styles (immutable, hashed names) are fetched, decompressed, parsed and compiled once per worker
 * instead of once per test: about 4 % of the browser suite's CPU. A test that makes more contexts
 * (`browser.newContext()`, a second person) gets ordinary fresh ones as before.
 */
const sharedProfile = process.env.E2E_SHARED_PROFILE !== "0";
const cleanPath = "/__e2e_clean_profile__";

/** Signs the profile out and empties its storage, permissions and pages, keeping its caches. */
async function resetProfile(profile: BrowserContext, origin: string | undefined) {
  for (const page of profile.pages()) await page.close();
  await profile.clearCookies();
  await profile.clearPermissions();
  const stored = await profile.storageState();
  const origins = stored.origins.filter((o) => o.localStorage.length > 0).map((o) => o.origin);
  if (origin && !origins.includes(origin)) origins.push(origin);
  if (!origins.length) return;
  // A blank document of each origin, answered here without reaching the server, empties its storage.
  const page = await profile.newPage();
  await page.route(`**${cleanPath}`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>-</title>" }));
  for (const o of origins) {
    await page.goto(`${o}${cleanPath}`);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  }
  await page.close();
}

const withSharedProfile = base.extend<object, { workerProfile: BrowserContext }>({
  workerProfile: [
    async ({ playwright, launchOptions }, use, workerInfo) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "convo-e2e-profile-"));
      const u = workerInfo.project.use;
      const profile = await playwright.chromium.launchPersistentContext(dir, {
        ...launchOptions,
        baseURL: u.baseURL,
        viewport: u.viewport,
        isMobile: u.isMobile,
        hasTouch: u.hasTouch,
        deviceScaleFactor: u.deviceScaleFactor,
      });
      try {
        await use(profile);
      } finally {
        await profile.close().catch(() => {});
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: "worker" },
  ],
  context: async ({ workerProfile, permissions, baseURL }, use) => {
    await resetProfile(workerProfile, undefined);
    if (permissions?.length) await workerProfile.grantPermissions(permissions, baseURL ? { origin: new URL(baseURL).origin } : undefined);
    await use(workerProfile);
    await resetProfile(workerProfile, baseURL ? new URL(baseURL).origin : undefined);
  },
});

export const test = sharedProfile ? withSharedProfile : base;
export { expect };
