import fs from "node:fs";
import { defineConfig } from "@playwright/test";
import { postgresServerEnv } from "./e2e/server-env";

// Two screen sizes (e2e/README.md):
// - `desktop` (1440x900) runs every spec;
// - `phone` (390x844, a touch screen in mobile mode, Chromium) runs the tests tagged `@phone`:
//   `test("title", { tag: "@phone" }, async ({ page }) => ...)` or a whole `test.describe(..., { tag: "@phone" }, ...)`.
// A tagged test runs once per size, so it must pass at both: e2e/fixtures.ts has the helpers that
// differ by size (`isPhone`, `openConversation`, `backToConversations`, `openNav`) and
// `attachScreenshot`, which saves a full-page screenshot (the top 6000 px at most) as an artifact of the test at either size.
// `npx playwright test --project=phone` runs only the phone's share.

// Browser tests against the production build, served on port 3100 with a fresh embedded database in
// .data/e2e (inside the gitignored .data) or the Postgres database E2E_DATABASE_URL names, in the
// system's Chromium (CHROMIUM_PATH, else its headless shell or the full browser) or, when there is
// none (or CHROMIUM_PATH is empty), Playwright's own (`npx playwright install chromium`).
// `npm start` builds (FORCE_BUILD=1: always the current code), migrates and seeds the demo business.
const PORT = Number(process.env.E2E_PORT ?? 3100);
// Chromium's headless shell when the system has it (lighter than the full browser), else the full one.
const chromiumPath = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => fs.existsSync(p)) ?? "";
const baseURL = `http://localhost:${PORT}`;
// The server's database: E2E_DATABASE_URL names an empty Postgres database (npm test makes one per run),
// which is migrated and given the demo business first (npm start seeds it on the embedded database
// only); else a fresh embedded one in .data/e2e.
const adminCli = "npx tsx --conditions=react-server scripts/admin.ts";
const serverDatabase = process.env.E2E_DATABASE_URL
  ? `export ${Object.entries(postgresServerEnv(process.env.E2E_DATABASE_URL))
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(" ")}; ${adminCli} migrate > /dev/null && ${adminCli} seed-demo > /dev/null &&`
  : "rm -rf .data/e2e && DATA_DIR=.data/e2e";
// A fake Graph API (e2e/graph-server.ts): saving a WhatsApp number asks it whether the token may use it.
const GRAPH_PORT = PORT + 2000;
// A fake of Stripe's API (e2e/stripe-server.ts) for the payment links (docs/payments.md).
const STRIPE_PORT = PORT + 2001;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/artifacts",
  // Three spec files at a time against the one server (E2E_WORKERS to change it): on two cores under a
  // load average of 7-11 from other work all 140 tests passed in 8.1 min, against 9.4 with two at a
  // load of 3-7; alone on the quiet machine, 6.2-6.4 min with two cores 90 % busy (666 s of CPU:
  // Chromium 387, the server 160, Playwright 73). Tests within a file run in order.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL,
    // Traces only on a retry: cheap runs, and several people may run the suite in one tree.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath || undefined,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-quic",
        "--no-first-run",
        "--disable-component-update",
        "--disable-sync",
        // The GPU process's work (software compositing: there is no GPU) as a thread of the browser
        // process: the same frames without a process and the messages to it (e2e/README.md, measured).
        "--in-process-gpu",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { browserName: "chromium", viewport: { width: 1440, height: 900 } } },
    {
      name: "phone",
      grep: /@phone\b/,
      use: { browserName: "chromium", viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    },
  ],
  webServer: [
    {
      command: `GRAPH_PORT=${GRAPH_PORT} npx tsx e2e/graph-server.ts`,
      url: `http://127.0.0.1:${GRAPH_PORT}/v26.0/ready`, // 400 without a token: up
      reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
      timeout: 60_000,
    },
    {
      command: `STRIPE_PORT=${STRIPE_PORT} npx tsx e2e/stripe-server.ts`,
      url: `http://127.0.0.1:${STRIPE_PORT}/ready`,
      reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
      timeout: 60_000,
    },
    {
      // Every spec signs up from this one address: lift the per-address sign-up throttle (tests/dashboard covers it).
      command: `${serverDatabase} PORT=${PORT} WEBHOOK_ALLOW_PRIVATE=1 SIGN_UPS_PER_ADDRESS=10000 WHATSAPP_APP_SECRET=e2e-app-secret WHATSAPP_GRAPH_URL=http://127.0.0.1:${GRAPH_PORT}/v26.0 STRIPE_API_URL=http://127.0.0.1:${STRIPE_PORT} npm start`,
      url: `${baseURL}/sign-in`,
      // Request and job lines at info would bury the test report: warnings and errors only, unless asked.
      // Passwords at bcrypt's least cost, as in the vitest suite (lib/users/users.ts): every test signs up and in.
      env: {
        FORCE_BUILD: process.env.E2E_SKIP_BUILD === "1" ? "0" : "1",
        NEXT_TELEMETRY_DISABLED: "1",
        LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
        PASSWORD_HASH_COST: "4",
      },
      reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
      timeout: 6 * 60_000,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
