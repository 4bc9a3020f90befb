import { expect, screenshot, signUp, test } from "./fixtures";

// What WhatsApp charges, on the Overview (issue 37 item 6): a new business sees the empty state, the
// owner uploads a rate card as a CSV file (a bad one names its lines), charged messages show by
// category and source with the estimate, and a failed load says so and retries. The first test runs at
// both sizes (e2e/README.md). The browser specs'
// fake Graph server does not call the app back, so the charged messages themselves are the answer
// of GET /v1/usage/whatsapp-charges given to the page (tests/channels/whatsapp-pricing.test.ts covers
// the way from Meta's status webhooks to those figures).

test("an owner sees the empty state, uploads a rate card, and reads the charges by category and source", { tag: "@phone" }, async ({ page }) => {
  await signUp(page);
  await page.goto("/overview");
  const card = page.getByTestId("whatsapp-charges");
  await expect(card.getByText("No charged messages in this range")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("rate-card-summary")).toContainText("No rate card yet");
  await expect(page.getByTestId("wallet-whatsapp")).toHaveText("0 charged messages");

  // A CSV with lines that are not rates: refused, each line named.
  const file = page.getByLabel("CSV file");
  await file.setInputFiles({
    name: "bad.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("country,category,price\nBRA,marketing,0.06\nBR,sms,0.01\n"),
  });
  await page.getByRole("button", { name: "Upload rate card" }).click();
  const error = page.getByTestId("rate-card-error");
  await expect(error).toContainText("csv line 2");
  await expect(error).toContainText("csv line 3");
  await expect(page.getByTestId("rate-card-summary")).toContainText("No rate card yet");

  // A good one replaces nothing yet and is shown.
  await file.setInputFiles({
    name: "meta-rates.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("country,category,price\nBR,marketing,0.0625\nBR,utility,0.0068\nBR,service,0.004\n*,authentication,0.03\n"),
  });
  await page.getByLabel("Currency").fill("USD");
  await page.getByRole("button", { name: "Upload rate card" }).click();
  await expect(page.getByTestId("rate-card-summary")).toContainText("4 rates in USD");
  await expect(error).toBeHidden();

  // Charged messages, as the API answers them.
  const zero = { messages: 0, estimatedCost: 0, unrated: 0 };
  const fig = (messages: number, estimatedCost: number) => ({ messages, estimatedCost, unrated: 0 });
  const byCategory = (m: number, s: number) => ({
    marketing: fig(m, m * 0.0625),
    utility: zero,
    authentication: zero,
    service: fig(s, s * 0.004),
    other: zero,
  });
  await page.route("**/v1/usage/whatsapp-charges**", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({
        period: "day",
        from: "2026-10-31",
        to: "2026-11-29",
        currency: "USD",
        total: fig(12, 0.1565),
        byCategory: byCategory(2, 10),
        bySource: { assistant: fig(9, 0.036), agent: fig(1, 0.004), api: zero, campaign: fig(2, 0.125) },
        buckets: [
          { start: "2026-11-28", total: fig(5, 0.0825), byCategory: byCategory(1, 4) },
          { start: "2026-11-29", total: fig(7, 0.074), byCategory: byCategory(1, 6) },
        ],
      }),
    }),
  );
  await page.reload();
  await expect(page.getByTestId("whatsapp-charges-total")).toContainText("Assistant replies");
  await expect(page.getByTestId("whatsapp-charges-total")).toContainText("9 ($0.036)");
  // The wallet says what WhatsApp cost this month.
  await expect(page.getByTestId("wallet-whatsapp")).toHaveText("12 charged messages, about $0.1565");
  const table = page.getByRole("table", { name: "WhatsApp's charged messages by category" });
  await expect(table.getByRole("row", { name: /2026-11-29/ })).toContainText("$0.074");
  await expect(table.getByRole("columnheader", { name: "Service" })).toBeAttached();
  // The page fits the screen at either size (the table scrolls in its own box on a phone).
  const size = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(size.scroll).toBeLessThanOrEqual(size.inner);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, "whatsapp-charges");
});

test("the charges say when they cannot be loaded, and retry", async ({ page }) => {
  await signUp(page);
  let fail = true;
  await page.route("**/v1/usage/whatsapp-charges**", (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ error: { code: "internal_error", message: "Something broke." } }),
        })
      : route.continue(),
  );
  await page.goto("/overview");
  const alert = page.getByRole("alert").filter({ hasText: "Could not load WhatsApp's charges" });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  fail = false;
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("No charged messages in this range")).toBeVisible();
});

test("the month view asks for months", async ({ page }) => {
  await signUp(page);
  await page.goto("/overview");
  const asked = page.waitForRequest((r) => r.url().includes("/v1/usage/whatsapp-charges") && r.url().includes("period=month"));
  await page.getByRole("tab", { name: "By month" }).click();
  await asked;
  await expect(page.getByText("No charged messages in this range")).toBeVisible();
});
