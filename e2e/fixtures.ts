import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";

// Shared helpers for the browser specs: fresh businesses through the real sign-up page, sign-in as
// anyone, the dashboard's internal endpoints and the public /v1 API, and page screenshots.

export const DEMO_OWNER = { email: "owner@demo.test", password: "demo-password" };
export const DATA_DIR = path.resolve(__dirname, "..", process.env.E2E_DATA_DIR ?? ".data/e2e");

export type Account = { email: string; password: string; name: string; businessName: string; businessId: string; userId: string };

let counter = 0;
export const unique = (label: string) => `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new business and its owner, created by filling in the sign-up page; leaves the page signed in on /overview. */
export async function signUp(page: Page, opts: { businessName?: string } = {}): Promise<Account> {
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
  };
}

/** A 1280x800 screenshot of the current page into test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string) {
  const dir = path.resolve(__dirname, "../test-results/screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

export const uniquePhone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

export const test = base;
export { expect };
