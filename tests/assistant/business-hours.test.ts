import { afterEach, describe, expect, it } from "vitest";
import { createBusiness } from "@/lib/businesses/businesses";
import { setBusinessHours } from "@/lib/businesses/hours";
import { pinClock } from "@/lib/time/clock";
import { db } from "@/lib/db/client";
import { createApiKey } from "@/lib/keys/api-keys";
import { bookingGraph } from "@/lib/shared/ready-made-skills";
import { upsertSkill } from "@/lib/skills/skills";
import { api } from "../helpers/api";
import { makeStaff, signInAs } from "../dashboard/harness";
import { customer, fileWorker, own } from "./harness";

fileWorker();
afterEach(() => pinClock(null));

const weekdays = { mon: ["09:00-13:00", "15:00-19:00"], tue: ["09:00-19:00"], wed: ["09:00-19:00"], thu: ["09:00-19:00"], fri: ["09:00-19:00"] };

async function business(timeZone: string, opts: { booking?: boolean } = {}) {
  const { businessId, assistantId } = await createBusiness(db(), { name: `Hours ${timeZone}`, tokens: 1_000_000, timeZone });
  own(businessId);
  const { key } = await createApiKey(db(), businessId, { scopes: "all", name: "hours" });
  if (opts.booking) await upsertSkill(db(), businessId, "sk_booking", { name: "Table booking", enabled: true, graph: bookingGraph, assistantId });
  return { businessId, assistantId, key };
}

describe("GET/PUT /v1/business-hours", () => {
  it("stores weekly hours, holidays, the away message and the time zone, and says whether it is open", async () => {
    const b = await business("UTC");
    const empty = await api("GET", "/v1/business-hours", { key: b.key });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ timeZone: "UTC", weekly: {}, holidays: [], awayMessage: null, openNow: true, nextOpening: null });

    pinClock(new Date("2026-11-23T20:00:00Z")); // Monday 21:00 in Madrid
    const body = {
      timeZone: "Europe/Madrid",
      weekly: weekdays,
      holidays: [{ date: "2026-12-24", name: "Christmas Eve", hours: ["10:00-14:00"] }, { date: "2026-12-08" }],
      awayMessage: "Closed now. A person answers from {{opens}}.",
    };
    const put = await api("PUT", "/v1/business-hours", { key: b.key, body });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      timeZone: "Europe/Madrid",
      weekly: weekdays,
      holidays: [{ date: "2026-12-08" }, { date: "2026-12-24", name: "Christmas Eve", hours: ["10:00-14:00"] }],
      awayMessage: "Closed now. A person answers from {{opens}}.",
      openNow: false,
      nextOpening: "2026-11-24T09:00:00+01:00",
    });
    expect((await api("GET", "/v1/business-hours", { key: b.key })).body).toEqual(put.body);
  });

  it("refuses bad hours with one detail per problem and changes nothing; scopes and tenancy hold", async () => {
    const b = await business("Europe/Lisbon");
    await setBusinessHours(db(), b.businessId, { weekly: { mon: ["09:00-17:00"] }, holidays: [] });
    const bad = await api("PUT", "/v1/business-hours", {
      key: b.key,
      body: { timeZone: "Nowhere/City", weekly: { mon: ["9 to 5"], funday: ["10:00-11:00"] }, holidays: [{ date: "2026-13-01" }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_request");
    expect(bad.body.error.details.length).toBeGreaterThanOrEqual(3);
    const after = await api("GET", "/v1/business-hours", { key: b.key });
    expect(after.body).toMatchObject({ timeZone: "Europe/Lisbon", weekly: { mon: ["09:00-17:00"] } });

    const { key: readOnly } = await createApiKey(db(), b.businessId, { scopes: ["business:read"], name: "read" });
    expect((await api("GET", "/v1/business-hours", { key: readOnly })).status).toBe(200);
    expect((await api("PUT", "/v1/business-hours", { key: readOnly, body: { weekly: {}, holidays: [] } })).status).toBe(403);

    // Another business's key sees its own (empty) hours, never these.
    const other = await business("UTC");
    expect((await api("GET", "/v1/business-hours", { key: other.key })).body.weekly).toEqual({});
  });

  it("lets an owner edit the hours from the dashboard; an agent may read them only", async () => {
    const owner = await makeStaff();
    signInAs(owner);
    const headers = { cookie: "x", origin: "http://localhost" };
    const put = await api("PUT", "/v1/business-hours", { headers, body: { weekly: { sat: ["10:00-14:00"] }, holidays: [], awayMessage: null } });
    expect(put.status).toBe(200);
    const agent = await makeStaff({ role: "agent", businessId: owner.businessId });
    signInAs(agent);
    expect((await api("GET", "/v1/business-hours", { headers })).body.weekly).toEqual({ sat: ["10:00-14:00"] });
    expect((await api("PUT", "/v1/business-hours", { headers, body: { weekly: {}, holidays: [] } })).status).toBe(403);
    signInAs(null);
  });
});

describe("outside the business hours", () => {
  it("keeps answering, but a handoff says when a person will reply, in each business's own zone", async () => {
    // Monday 12:30 UTC: 09:30 in Sao Paulo (open), 13:30 in Madrid (the lunch break).
    pinClock(new Date("2026-11-23T12:30:00Z"));
    const madrid = await business("Europe/Madrid");
    const saoPaulo = await business("America/Sao_Paulo");
    for (const b of [madrid, saoPaulo]) await setBusinessHours(db(), b.businessId, { weekly: weekdays, holidays: [] });

    const ana = customer(madrid);
    const [handingOff, away] = await ana.say("I need to talk to a real person");
    expect(handingOff).toMatch(/^Sure, I'm passing you to a colleague\./);
    expect(away).toBe("We're closed now; a person will reply from Monday 15:00.");
    expect((await ana.conversation()).status).toBe("handoff");

    const bia = customer(saoPaulo);
    const replies = await bia.say("I need to talk to a real person");
    expect(replies).toHaveLength(1);
    expect((await bia.conversation()).status).toBe("handoff");
  });

  it("uses the business's away message and the customer's language, and names a holiday's next opening", async () => {
    // Tuesday 8 December 2026, 11:00 in Madrid: a holiday.
    pinClock(new Date("2026-12-08T10:00:00Z"));
    const b = await business("Europe/Madrid");
    await setBusinessHours(db(), b.businessId, { weekly: weekdays, holidays: [{ date: "2026-12-08", name: "Holiday" }] });
    const [, away] = await customer(b).say("Quiero hablar con una persona, por favor");
    expect(away).toBe("Ahora estamos cerrados; una persona te responderá a partir del miércoles 9:00.");

    await setBusinessHours(db(), b.businessId, { weekly: weekdays, holidays: [{ date: "2026-12-08" }], awayMessage: "Volvemos el {{opens}}." });
    const [, own] = await customer(b).say("Quiero hablar con una persona, por favor");
    expect(own).toBe("Volvemos el miércoles 9:00.");
  });

  it("books in the business hours: the ready-made booking skill has none of its own", async () => {
    // Monday 23 November, 10:00 in Madrid.
    pinClock(new Date("2026-11-23T09:00:00Z"));
    const b = await business("Europe/Madrid", { booking: true });
    await setBusinessHours(db(), b.businessId, {
      weekly: { ...weekdays, sat: ["20:00-02:00"] },
      holidays: [{ date: "2026-11-25", name: "Closed for a private event" }],
    });
    const ada = customer(b);
    await ada.say("Can I book a table?");
    await ada.say("2");
    await ada.say("Ada");
    // Wednesday is the holiday: closed that day.
    const [closed] = await ada.say("wednesday at 10am");
    expect(closed).toBe("We're closed on Wednesday. The nearest times I can offer: Thursday 09:00, Thursday 10:00 or Thursday 11:00.");
    // Thursday 12:00 is inside Thursday's hours.
    const [confirm] = await ada.say("thursday at 12:00");
    expect(confirm).toMatch(/^A table for 2 on Thursday 26 November at 12:00, under the name Ada\. Shall I confirm it\?/);
    expect((await ada.say("yes"))[0]).toMatch(/^You're booked, Ada/);

    // Saturday night's range runs past midnight: Sunday 01:00 is bookable.
    const bob = customer(b);
    await bob.say("Can I book a table?");
    await bob.say("4");
    await bob.say("Bob");
    const [late] = await bob.say("sunday at 1am");
    expect(late).toMatch(/^A table for 4 on Sunday 29 November at 01:00, under the name Bob\./);
  });

  it("says at once that the business is closed for the meal named, on a day open only for the other one", async () => {
    // Sunday 29 November, 17:00 in Madrid; Sunday is open for lunch only.
    pinClock(new Date("2026-11-29T16:00:00Z"));
    const b = await business("Europe/Madrid", { booking: true });
    await setBusinessHours(db(), b.businessId, { weekly: { ...weekdays, sun: ["13:00-16:30"] }, holidays: [] });
    const [closed] = await customer(b).say("can i come for dinner tonight? 2 of us");
    expect(closed).toMatch(/^We're closed on Sunday evening: that day we're open 13:00-16:30\. The nearest times I can offer: /);
    // Lunch on a day open at lunch is no refusal.
    const [asked] = await customer(b).say("table for 2 for lunch on friday");
    expect(asked).not.toMatch(/closed/);
  });
});
