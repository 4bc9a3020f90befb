import { expect, test } from "@playwright/test";
import { DEMO_OWNER, signIn } from "./fixtures";

// Issue 12 item 9: every page sends a CSP that forbids framing, and nosniff; the dashboard still works
// under that policy (no violation reported while signing in and opening the flow editor).
test("pages send CSP with frame-ancestors 'none' and nosniff, and nothing on them violates it", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  const res = await page.goto("/sign-in");
  const headers = res?.headers() ?? {};
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");

  await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password);
  const overview = await page.request.get("/overview");
  expect(overview.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await page.goto("/skills");
  await page.locator("a[href^='/skills/']").first().click();
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
  expect(violations).toEqual([]);
});
