import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { matchHas } from "next/dist/shared/lib/router/utils/prepare-destination";
import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config.mjs";
import { api, makeBusiness } from "../helpers/api";

// Issue 12 item 9: dashboard pages could be framed by any site (clickjacking) and had no CSP.
describe("security headers on every page", () => {
  it("next.config sends CSP with frame-ancestors 'none' and nosniff for every path", async () => {
    const rules = (await nextConfig.headers?.()) ?? [];
    // Every path but stored files (/media/, sandboxed instead: tests/channels/media-hostile-types.test.ts).
    const all = rules.find((r) => r.source.startsWith("/:path") && r.missing);
    expect(all, "a rule for every page").toBeDefined();
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

// Issue 19: Next compiled the CSP's header values on every request its rule matched. Bearer API requests
// to /v1 now skip the config's rules, and every API answer carries the same headers from our own code.
describe("security headers on API answers", () => {
  type Rule = { source: string; has?: unknown[]; missing?: unknown[]; headers: { key: string; value: string }[] };
  const applies = (rules: Rule[], path: string, headers: Record<string, string>) =>
    rules.filter((r) => {
      const params = getPathMatch(r.source, { strict: true, removeUnnamedParams: true })(path);
      // `any`: Next's matcher takes a Node request; only its headers are read.
      return params !== false && matchHas({ headers } as any, {}, r.has as any, r.missing as any) !== false;
    });

  it("the config gives every page the headers, with or without an Authorization header, and leaves bearer /v1 requests to the answer", async () => {
    const rules = ((await nextConfig.headers?.()) ?? []) as Rule[];
    const csp = (r: Rule[]) => r.flatMap((x) => x.headers).filter((h) => h.key === "Content-Security-Policy");
    for (const path of ["/sign-in", "/overview", "/skills/sk_1", "/metrics", "/media/med_1", "/v1x", "/"]) {
      expect(csp(applies(rules, path, {})), `${path} without credentials`).toHaveLength(1);
      expect(csp(applies(rules, path, { authorization: "Basic YTpi" })), `${path} behind basic auth`).toHaveLength(1);
    }
    // The dashboard's own calls to /v1 (a session cookie, no Authorization) keep the config's rule.
    expect(csp(applies(rules, "/v1/usage/wallet", { cookie: "s=1" }))).toHaveLength(1);
    expect(applies(rules, "/v1/usage/wallet", { authorization: "Bearer cak_live_x" })).toEqual([]);
    expect(applies(rules, "/v1", { authorization: "Bearer cak_live_x" })).toEqual([]);
  });

  it("every API answer carries CSP, nosniff and frame denial: a success, an error and an unknown path", async () => {
    const b = await makeBusiness();
    for (const res of [
      await api("GET", "/v1/usage/wallet", { key: b.key }),
      await api("GET", "/v1/usage/wallet", { key: "cak_live_nope" }),
      await api("GET", "/v1/no-such-thing", { key: b.key }),
    ]) {
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
  });
});
