import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isRealDateTime } from "@/lib/campaigns/campaign-schema";
import { db } from "@/lib/db/client";
import { campaigns } from "@/lib/db/schema";
import { api, makeBusiness, uniquePhone } from "../helpers/api";

// Issue 34 item 11: month 13, hour 25 or an offset of +99:00 answered 500; month 00 and 31 February
// rolled over silently (a typo could start a broadcast at once). Each is now a 400 naming scheduledAt.

describe("a campaign's scheduledAt", () => {
  it("refuses dates that do not exist with 400 invalid_request on scheduledAt, and creates nothing", async () => {
    const b = await makeBusiness();
    await api("POST", "/v1/templates", { key: b.key, body: { name: "hi", language: "en", category: "marketing", body: "Hi!" } });
    const body = (scheduledAt: string) => ({
      name: `At ${scheduledAt}`,
      template: { name: "hi", language: "en", variables: [] },
      audience: { phones: [uniquePhone()] },
      scheduledAt,
    });
    const impossible = [
      "2027-13-01T10:00Z",
      "2027-01-10T25:00Z",
      "2027-01-10T10:00+99:00",
      "2027-00-10T10:00",
      "2027-02-31T10:00",
      "2027-02-29T10:00",
      "2027-04-31T10:00+01:00",
      "2027-01-10T10:60",
      "2027-01-10T10:00:61Z",
      "2027-01-10T24:00",
      "2027-01-10T10:00-12:60",
    ];
    for (const scheduledAt of impossible) {
      const res = await api("POST", "/v1/campaigns", { key: b.key, body: body(scheduledAt) });
      expect({ scheduledAt, status: res.status, code: res.body.error?.code }).toEqual({ scheduledAt, status: 400, code: "invalid_request" });
      expect(res.body.error.details).toEqual([{ path: "scheduledAt", message: expect.stringContaining("real date") }]);
    }
    expect(await db().select().from(campaigns).where(eq(campaigns.businessId, b.businessId))).toHaveLength(0);

    // Real ones still schedule (within the year ahead): a day at +14:00 with fractions of a second, one at -03:30.
    const day = new Date(Date.now() + 60 * 24 * 3600_000).toISOString().slice(0, 10);
    for (const [scheduledAt, instant] of [
      [`${day}T23:59:59.5+14:00`, `${day}T09:59:59.500Z`],
      [`${day}T08:15-03:30`, `${day}T11:45:00.000Z`],
    ]) {
      const res = await api("POST", "/v1/campaigns", { key: b.key, body: body(scheduledAt) });
      expect({ scheduledAt, status: res.status, body: res.body }).toMatchObject({
        scheduledAt,
        status: 200,
        body: { status: "scheduled", scheduledAt: instant },
      });
    }
  });

  it("reads a leap day as real and 29 February of other years as not", () => {
    expect(isRealDateTime("2028-02-29T10:00")).toBe(true);
    expect(isRealDateTime("2100-02-29T10:00")).toBe(false);
    expect(isRealDateTime("2000-02-29T00:00:00Z")).toBe(true);
    expect(isRealDateTime("2027-12-31T23:59:59.999-23:59")).toBe(true);
  });

  it("a malformed one keeps its own message", async () => {
    const b = await makeBusiness();
    const res = await api("POST", "/v1/campaigns", {
      key: b.key,
      body: { name: "x", template: { name: "hi", language: "en" }, audience: { phones: [uniquePhone()] }, scheduledAt: "tomorrow" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: "scheduledAt", message: expect.stringContaining("ISO date-time") }]);
  });
});
