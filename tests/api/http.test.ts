import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { api, makeBusiness, uniquePhone } from "../helpers/api";

describe("HTTP behaviour", () => {
  it("answers invalid_json, unsupported_media_type, payload_too_large, method_not_allowed and unknown paths", async () => {
    const b = await makeBusiness();
    const badJson = await api("POST", "/v1/contacts", { key: b.key, rawBody: "{nope", headers: { "content-type": "application/json" } });
    expect(badJson.status).toBe(400);
    expect(badJson.body.error.code).toBe("invalid_json");
    const form = await api("POST", "/v1/contacts", {
      key: b.key,
      rawBody: "phone=%2B1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe("unsupported_media_type");
    const huge = await api("POST", "/v1/contacts", { key: b.key, body: { phone: uniquePhone(), name: "x".repeat(1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe("payload_too_large");
    const badUtf8 = await api("POST", "/v1/contacts", {
      key: b.key,
      rawBody: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
      headers: { "content-type": "application/json" },
    });
    expect(badUtf8.status).toBe(400);
    const missing = await api("POST", "/v1/contacts", { key: b.key, headers: { "content-type": "application/json" } });
    expect(missing.status).toBe(400);
    const wrongMethod = await api("DELETE", "/v1/contacts", { key: b.key });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.error.code).toBe("method_not_allowed");
    expect(wrongMethod.headers.get("allow")).toBe("GET, POST");
    const unknown = await api("GET", "/v1/nothing/here", { key: b.key });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");
    expect(unknown.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("answers a path with malformed percent-encoding with the documented 404 (Next's proxy), and lets others through", async () => {
    const refused = proxy(new Request("http://localhost/v1/skills/%ff%fe"));
    expect(refused?.status).toBe(404);
    const body = await refused?.json();
    expect(body.error).toMatchObject({ code: "not_found", message: "No such endpoint." });
    expect(refused?.headers.get("x-request-id")).toBe(body.error.requestId);
    expect(proxy(new Request("http://localhost/v1/skills/sk%5Fbooking"))).toBeUndefined();
  });

  it("serves the OpenAPI document without a key", async () => {
    const res = await api("GET", "/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.info.version).toBe("1.0.0");
    expect(res.body.paths["/messages"].post.operationId).toBe("messages-send");
  });
});
