import { expect, test } from "@playwright/test";
import { DEMO_OWNER, signIn, signUp } from "./fixtures";

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

// Issue 34 item 2: a stored file is someone else's bytes. Every /media/ answer carries the sandbox policy
// (the site's global rule used to replace it) and nosniff; a document downloads rather than opens.
test("stored files are sandboxed: /media/ answers carry sandbox and nosniff, documents download", async ({ page }) => {
  await signUp(page);
  const origin = new URL(page.url()).origin;
  const upload = await page.request.post("/v1/media", {
    headers: { origin },
    multipart: {
      type: "document",
      file: { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("<!doctype html><script>document.title='ran'</script>") },
    },
  });
  expect(upload.status()).toBe(200);
  const { id } = await upload.json();
  for (const [path, status] of [
    [`/media/${id}`, 200],
    ["/media/med_01JD7X4S9C8A3K2M5N6P7Q8R9T", 404],
  ] as const) {
    for (const headers of [{}, { authorization: "Bearer cak_live_nope" }] as Record<string, string>[]) {
      const res = await page.request.get(path, { headers });
      const h = res.headers();
      expect(res.status(), path).toBe(status);
      expect(h["content-security-policy"], path).toMatch(/^sandbox;/);
      expect(h["content-security-policy"], path).not.toContain("unsafe-inline");
      expect(h["x-content-type-options"], path).toBe("nosniff");
      if (res.status() === 200) expect(h["content-disposition"]).toMatch(/^attachment;/);
    }
  }
});
