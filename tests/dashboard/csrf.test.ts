import { afterEach, describe, expect, it } from "vitest";
import { assertSameOrigin } from "@/lib/dashboard/csrf";

const saved = { url: process.env.NEXTAUTH_URL, port: process.env.PORT };
afterEach(() => {
  process.env.NEXTAUTH_URL = saved.url;
  process.env.PORT = saved.port;
});

const post = (headers: Record<string, string>, url = "http://localhost/v1/internal/team") => new Request(url, { method: "POST", headers });
const allowed = (req: Request) => {
  try {
    assertSameOrigin(req);
    return true;
  } catch {
    return false;
  }
};

describe("dashboard CSRF check", () => {
  it("ignores X-Forwarded-Host and Host: a forged pair of Origin and host headers is refused", () => {
    process.env.NEXTAUTH_URL = "https://chat.example.com";
    expect(allowed(post({ origin: "https://evil.example", "x-forwarded-host": "evil.example" }))).toBe(false);
    expect(allowed(post({ origin: "https://evil.example", host: "evil.example" }, "https://evil.example/v1/internal/team"))).toBe(false);
    expect(allowed(post({ origin: "https://chat.example.com" }))).toBe(true);
    // Scheme and port are part of the origin.
    expect(allowed(post({ origin: "http://chat.example.com" }))).toBe(false);
    expect(allowed(post({ origin: "https://chat.example.com:8443" }))).toBe(false);
    expect(allowed(post({ origin: "null" }))).toBe(false);
    expect(allowed(post({}))).toBe(false);
  });

  it("defaults to http://localhost:$PORT, trusts the browser's Sec-Fetch-Site and leaves reads alone", () => {
    process.env.NEXTAUTH_URL = "";
    process.env.PORT = "4123";
    expect(allowed(post({ origin: "http://localhost:4123" }))).toBe(true);
    expect(allowed(post({ origin: "http://localhost:3000" }))).toBe(false);
    expect(allowed(post({ "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(allowed(post({ "sec-fetch-site": "cross-site", origin: "https://evil.example" }))).toBe(false);
    expect(allowed(new Request("http://localhost/v1/internal/team", { headers: { origin: "https://evil.example" } }))).toBe(true);
  });
});
