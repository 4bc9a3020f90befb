import { defineConfig } from "@playwright/test";

// Browser tests against the production build, served on port 3100 with a fresh embedded database in
// .data/e2e (inside the gitignored .data), in Debian's Chromium (never a downloaded browser).
// `npm start` builds (FORCE_BUILD=1: always the current code), migrates and seeds the demo business.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
// A fake Graph API (e2e/graph-server.ts): saving a WhatsApp number asks it whether the token may use it.
const GRAPH_PORT = PORT + 2000;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/artifacts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    // Traces only on a retry: cheap runs, and several people may run the suite in one tree.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-quic",
        "--no-first-run",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: [
    {
      command: `GRAPH_PORT=${GRAPH_PORT} npx tsx e2e/graph-server.ts`,
      url: `http://127.0.0.1:${GRAPH_PORT}/v25.0/ready`, // 400 without a token: up
      reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
      timeout: 60_000,
    },
    {
      // Every spec signs up from this one address: lift the per-address sign-up throttle (tests/dashboard covers it).
      command: `rm -rf .data/e2e && DATA_DIR=.data/e2e PORT=${PORT} WEBHOOK_ALLOW_PRIVATE=1 SIGN_UPS_PER_ADDRESS=10000 WHATSAPP_GRAPH_URL=http://127.0.0.1:${GRAPH_PORT}/v25.0 npm start`,
      url: `${baseURL}/sign-in`,
      env: { FORCE_BUILD: process.env.E2E_SKIP_BUILD === "1" ? "0" : "1", NEXT_TELEMETRY_DISABLED: "1" },
      reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
      timeout: 6 * 60_000,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
