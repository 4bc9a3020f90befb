import { describe, expect, it } from "vitest";
import { api, makeBusiness } from "../helpers/api";
import { call, makeStaff, signInAs } from "../dashboard/harness";

// Issue 12 item 12: a cursor or a date past what Postgres can read (JavaScript writes year 275760 as
// "+275760-09-13T..") reached the query and answered 500. Every one is now a 400 invalid_request.
const cursorOf = (raw: string) => Buffer.from(raw).toString("base64url");

describe("cursor and date parameters are range-checked", () => {
  it("a cursor whose time is past year 9999 is a 400 on every list that pages by cursor", async () => {
    const b = await makeBusiness();
    const lists: [string, string][] = [
      ["/v1/contacts", "ct_x"],
      ["/v1/conversations", "conv_x"],
      ["/v1/skills", "sk_x"],
      ["/v1/records/leads", "rec_x"],
    ];
    for (const [path, id] of lists) {
      const res = await api("GET", `${path}?cursor=${cursorOf(`999999999999999.${id}`)}`, { key: b.key });
      expect(res.status, path).toBe(400);
      expect(res.body.error).toMatchObject({ code: "invalid_request", details: [{ path: "cursor" }] });
    }
    // A cursor in range still pages.
    const ok = await api("GET", `/v1/contacts?cursor=${cursorOf(`${Date.now()}.ct_x`)}`, { key: b.key });
    expect(ok.status).toBe(200);
  });

  it("records `since` outside 1970..9999 is a 400", async () => {
    const b = await makeBusiness();
    for (const since of ["0000-01-01T00:00:00Z", "1969-12-31T23:59:59Z"]) {
      const res = await api("GET", `/v1/records/leads?since=${encodeURIComponent(since)}`, { key: b.key });
      expect(res.status, since).toBe(400);
      expect(res.body.error.details[0].path).toBe("since");
    }
    expect((await api("GET", "/v1/records/leads?since=2026-01-01T00:00:00Z", { key: b.key })).status).toBe(200);
  });

  it("the dashboard's record filters and key expiry refuse year 275760", async () => {
    signInAs(await makeStaff());
    const records = await import("@/app/v1/internal/records/[collection]/route");
    for (const q of ["from=275760-09-13", "to=275760-09-13", "from=-000001-01-01"]) {
      const res = await call(records.GET, "GET", `/v1/internal/records/leads?${q}`, { params: { collection: "leads" } });
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
    }
    const ok = await call(records.GET, "GET", "/v1/internal/records/leads?from=2026-01-01", { params: { collection: "leads" } });
    expect(ok.status).toBe(200);
    const keys = await import("@/app/v1/internal/api-keys/route");
    const key = await call(keys.POST, "POST", "/v1/internal/api-keys", {
      body: { name: "far", scopes: ["contacts:read"], expiresAt: "275760-09-13" },
    });
    expect(key.status).toBe(400);
    expect(key.body.error.details[0].path).toBe("expiresAt");
  });
});

describe("dates a customer writes", () => {
  it("a date outside 1970..9999 is not understood (the assistant asks again) instead of failing the turn", async () => {
    const { parseAnswer } = await import("@/lib/runtime/engine/parse-answer");
    const ctx = { timeZone: "Europe/Lisbon", customerPhone: "+351912345678", now: new Date("2026-11-23T10:00:00Z") };
    expect(parseAnswer("datetime", "0000-01-01 19:00", ctx)).toBeNull();
    expect(parseAnswer("date", "0000-01-01", ctx)).toBeNull();
    expect(parseAnswer("date", "2027-01-15", ctx)).toBe("2027-01-15");
  });
});
