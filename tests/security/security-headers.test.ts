import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config.mjs";

// Issue 12 item 9: dashboard pages could be framed by any site (clickjacking) and had no CSP.
describe("security headers on every page", () => {
  it("next.config sends CSP with frame-ancestors 'none' and nosniff for every path", async () => {
    const rules = (await nextConfig.headers?.()) ?? [];
    const all = rules.find((r) => r.source === "/:path*");
    expect(all, "a rule for every path").toBeDefined();
    const headers = Object.fromEntries((all?.headers ?? []).map((h) => [h.key.toLowerCase(), h.value]));
    expect(headers["x-content-type-options"]).toBe("nosniff");
    const csp = String(headers["content-security-policy"])
      .split(";")
      .map((d) => d.trim());
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    // Production never allows eval.
    expect(csp.find((d) => d.startsWith("script-src"))).not.toContain("unsafe-eval");
  });
});
