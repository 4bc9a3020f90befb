import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { teamReport } from "@/lib/analytics/reports";
import { createBusiness } from "@/lib/businesses/businesses";
import { ensureContact } from "@/lib/contacts/contacts";
import { db } from "@/lib/db/client";
import { conversationEvents, conversations, conversationTransitions, messages } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { createApiKey } from "@/lib/keys/api-keys";
import { createUser } from "@/lib/users/users";
import { api } from "../helpers/api";
import { createLabel, setConversationLabel } from "@/lib/conversations/labels";
import { updateInboxSettings } from "@/lib/conversations/inbox-settings";

// The team reports (issue 36, item 10): exact figures for a seeded history, days in the business's zone.

const at = (iso: string) => new Date(iso);
let n = 0;

async function member(businessId: string, name: string) {
  return createUser(db(), {
    businessId,
    email: `report-${Date.now()}-${n++}@example.test`,
    password: "password-123",
    role: "agent",
    name,
  });
}

type Step =
  | { in: string }
  | { assistant: string }
  | { agent: string; by: string }
  | { handoff: string; reason?: string | null; to?: string | null }
  | { close: string }
  | { rated: string; rating: number };

/** One conversation and its history, each step at the given instant. */
async function seed(businessId: string, createdAt: string, steps: Step[]) {
  const { contact } = await ensureContact(db(), businessId, `+1999${String(1_000_000 + n++).slice(-7)}`);
  const id = newId("conv");
  let status: "open" | "handoff" | "closed" = "open";
  let closedAt: Date | null = null;
  await db()
    .insert(conversations)
    .values({ id, businessId, contactId: contact.id, createdAt: at(createdAt), lastInboundAt: at(createdAt) });
  const message = (direction: "inbound" | "outbound", source: "customer" | "assistant" | "agent", when: string, userId: string | null = null) =>
    db()
      .insert(messages)
      .values({
        id: newId("msg"),
        businessId,
        conversationId: id,
        contactId: contact.id,
        direction,
        source,
        text: `${source} at ${when}`,
        status: direction === "inbound" ? "received" : "sent",
        channel: "sandbox",
        userId,
        createdAt: at(when),
      });
  const transition = async (to: "handoff" | "closed", when: string, reason: string | null) => {
    await db()
      .insert(conversationTransitions)
      .values({ id: newId("trn"), businessId, conversationId: id, fromStatus: status, toStatus: to, reason, actor: "agent", createdAt: at(when) });
    status = to;
  };
  for (const step of steps) {
    if ("in" in step) await message("inbound", "customer", step.in);
    else if ("assistant" in step) await message("outbound", "assistant", step.assistant);
    else if ("agent" in step) await message("outbound", "agent", step.agent, step.by);
    else if ("handoff" in step) {
      await transition("handoff", step.handoff, step.reason ?? null);
      if (step.to) {
        await db()
          .insert(conversationEvents)
          .values({
            id: newId("cev"),
            businessId,
            conversationId: id,
            kind: "assigned",
            actorType: "system",
            assigneeId: step.to,
            createdAt: at(step.handoff),
          });
      }
    } else if ("close" in step) {
      await transition("closed", step.close, null);
      closedAt = at(step.close);
    } else {
      await db()
        .update(conversations)
        .set({ rating: step.rating, ratedAt: at(step.rated), ratingAskedAt: closedAt })
        .where(eq(conversations.id, id));
    }
  }
  await db().update(conversations).set({ status }).where(eq(conversations.id, id));
  return id;
}

/**
 * New York (UTC-5 in January). Local days: Jan 10 = [05:00Z Jan 10, 05:00Z Jan 11).
 * A (Jan 10) assistant alone; B (22:00 local Jan 10, 03:00Z Jan 11) handed to Ada, answered in 600 s,
 * closed after 3,660 s, rated 5; C (Jan 11) handed to Bo, answered in 1,800 s, closed after 7,200 s,
 * rated 2; D (Jan 11) Ada stepped in by replying (no first-response figure); E (23:59 local Jan 11)
 * assistant alone; F (00:00 local Jan 12) outside the range.
 */
async function history() {
  const { businessId } = await createBusiness(db(), { name: "Report Co", timeZone: "America/New_York" });
  const ada = await member(businessId, "Ada");
  const bo = await member(businessId, "Bo");
  await seed(businessId, "2026-01-10T14:00:00Z", [{ in: "2026-01-10T14:00:00Z" }, { assistant: "2026-01-10T14:00:05Z" }]);
  await seed(businessId, "2026-01-11T03:00:00Z", [
    { in: "2026-01-11T03:00:00Z" },
    { assistant: "2026-01-11T03:00:05Z" },
    { handoff: "2026-01-11T03:01:00Z", reason: "customer_request", to: ada.id },
    { agent: "2026-01-11T03:11:00Z", by: ada.id },
    { close: "2026-01-11T04:01:00Z" },
    { rated: "2026-01-11T04:05:00Z", rating: 5 },
  ]);
  await seed(businessId, "2026-01-11T06:00:00Z", [
    { in: "2026-01-11T06:00:00Z" },
    { handoff: "2026-01-11T06:10:00Z", to: bo.id },
    { agent: "2026-01-11T06:40:00Z", by: bo.id },
    { agent: "2026-01-11T06:50:00Z", by: bo.id },
    { close: "2026-01-11T08:00:00Z" },
    { rated: "2026-01-11T08:02:00Z", rating: 2 },
  ]);
  await seed(businessId, "2026-01-11T12:00:00Z", [
    { in: "2026-01-11T12:00:00Z" },
    { handoff: "2026-01-11T12:05:00Z", reason: "agent_replied", to: ada.id },
    { agent: "2026-01-11T12:05:00Z", by: ada.id },
  ]);
  await seed(businessId, "2026-01-12T04:59:00Z", [{ in: "2026-01-12T04:59:00Z" }, { assistant: "2026-01-12T04:59:30Z" }]);
  await seed(businessId, "2026-01-12T05:00:00Z", [
    { in: "2026-01-12T05:00:00Z" },
    { handoff: "2026-01-12T05:01:00Z", to: bo.id },
    { agent: "2026-01-12T05:02:00Z", by: bo.id },
  ]);
  return { businessId, ada, bo };
}

const zero = {
  conversations: 0,
  assistantOnly: 0,
  handoffs: 0,
  firstResponses: 0,
  firstResponseAvgSeconds: null,
  firstResponseMedianSeconds: null,
  resolved: 0,
  resolutionAvgSeconds: null,
  resolutionMedianSeconds: null,
  ratings: 0,
  ratingAverage: null,
  ratingCounts: [0, 0, 0, 0, 0],
  slaFirstResponseBreaches: 0,
  slaResolutionBreaches: 0,
};
// No appointments in this history (lib/analytics/appointment-report.ts): counted per day and in the totals.
const noAppointments = { total: 0, booked: 0, confirmed: 0, cancelled: 0, noShow: 0, completed: 0, noShowRate: null };

describe("the team report", () => {
  it("gives exact figures per day of the business's time zone, and totals", async () => {
    const { businessId } = await history();
    const report = await teamReport(db(), businessId, { from: "2026-01-10", to: "2026-01-11", groupBy: "day" });
    expect(report.timeZone).toBe("America/New_York");
    expect(report.rows).toEqual([
      {
        key: "2026-01-10",
        label: "2026-01-10",
        ...zero,
        appointments: noAppointments,
        conversations: 2,
        assistantOnly: 1,
        handoffs: 1,
        firstResponses: 1,
        firstResponseAvgSeconds: 600,
        firstResponseMedianSeconds: 600,
        resolved: 1,
        resolutionAvgSeconds: 3660,
        resolutionMedianSeconds: 3660,
        ratings: 1,
        ratingAverage: 5,
        ratingCounts: [0, 0, 0, 0, 1],
      },
      {
        key: "2026-01-11",
        label: "2026-01-11",
        ...zero,
        appointments: noAppointments,
        conversations: 3,
        assistantOnly: 1,
        handoffs: 2,
        firstResponses: 1,
        firstResponseAvgSeconds: 1800,
        firstResponseMedianSeconds: 1800,
        resolved: 1,
        resolutionAvgSeconds: 7200,
        resolutionMedianSeconds: 7200,
        ratings: 1,
        ratingAverage: 2,
        ratingCounts: [0, 1, 0, 0, 0],
      },
    ]);
    expect(report.totals).toEqual({
      conversations: 5,
      assistantOnly: 2,
      handoffs: 3,
      firstResponses: 2,
      firstResponseAvgSeconds: 1200,
      firstResponseMedianSeconds: 1200,
      resolved: 2,
      resolutionAvgSeconds: 5430,
      resolutionMedianSeconds: 5430,
      ratings: 2,
      ratingAverage: 3.5,
      ratingCounts: [0, 1, 0, 0, 1],
      // No target is set: nothing can be late.
      slaFirstResponseBreaches: 0,
      slaResolutionBreaches: 0,
      appointments: noAppointments,
    });

    // One local day: B (22:00 on Jan 10 in New York, Jan 11 in UTC) belongs to Jan 10.
    const one = await teamReport(db(), businessId, { from: "2026-01-10", to: "2026-01-10", groupBy: "day" });
    expect(one.rows.map((r) => r.key)).toEqual(["2026-01-10"]);
    expect(one.totals).toMatchObject({ conversations: 2, handoffs: 1, ratings: 1, ratingAverage: 5 });
    // Jan 12 holds F alone.
    const later = await teamReport(db(), businessId, { from: "2026-01-12", to: "2026-01-12", groupBy: "day" });
    expect(later.totals).toMatchObject({ conversations: 1, handoffs: 1, firstResponses: 1, firstResponseAvgSeconds: 60 });
  });

  it("per agent: handoffs to the assignee, first responses to the replier, resolutions and ratings to the assignee at the close", async () => {
    const { businessId, ada, bo } = await history();
    const report = await teamReport(db(), businessId, { from: "2026-01-10", to: "2026-01-11", groupBy: "agent" });
    expect(report.rows).toEqual([
      {
        key: ada.id,
        label: "Ada",
        ...zero,
        appointments: null,
        handoffs: 2,
        firstResponses: 1,
        firstResponseAvgSeconds: 600,
        firstResponseMedianSeconds: 600,
        resolved: 1,
        resolutionAvgSeconds: 3660,
        resolutionMedianSeconds: 3660,
        ratings: 1,
        ratingAverage: 5,
        ratingCounts: [0, 0, 0, 0, 1],
      },
      {
        key: bo.id,
        label: "Bo",
        ...zero,
        appointments: null,
        handoffs: 1,
        firstResponses: 1,
        firstResponseAvgSeconds: 1800,
        firstResponseMedianSeconds: 1800,
        resolved: 1,
        resolutionAvgSeconds: 7200,
        resolutionMedianSeconds: 7200,
        ratings: 1,
        ratingAverage: 2,
        ratingCounts: [0, 1, 0, 0, 0],
      },
      { key: null, label: "No one (the assistant, unassigned)", ...zero, appointments: null, conversations: 5, assistantOnly: 2 },
    ]);
  });

  it("per label, with SLA breaches against the label's targets (else the business's), each conversation once in the totals", async () => {
    const { businessId, ada, bo } = await history();
    const now = new Date("2026-01-13T00:00:00Z");
    // The business: a first reply within 20 minutes, a close within 90. VIP: 5 and 30 minutes.
    await updateInboxSettings(db(), businessId, { slaFirstResponseMinutes: 20, slaResolutionMinutes: 90 });
    const vip = await createLabel(db(), businessId, { name: "VIP", color: "#aa3355", firstResponseMinutes: 5, resolutionMinutes: 30 });
    const late = await createLabel(db(), businessId, { name: "Late", color: "#3355aa" });
    const [b] = await db()
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.businessId, businessId))
      .orderBy(conversations.createdAt)
      .then((rows) => rows.slice(1, 3).map((r) => r.id));
    // B (answered 10 min after its handoff, closed 60 min after it) carries VIP: both of its targets missed.
    await setConversationLabel(db(), businessId, b, vip.id, true);
    await setConversationLabel(db(), businessId, b, late.id, true);
    const report = await teamReport(db(), businessId, { from: "2026-01-10", to: "2026-01-11", groupBy: "label" }, now);
    // No label: C answered in 30 min > 20 and closed 110 min after its handoff > 90; D still handed off at `now`.
    expect(report.rows.map((r) => [r.label, r.conversations, r.handoffs, r.slaFirstResponseBreaches, r.slaResolutionBreaches])).toEqual([
      ["Late", 1, 1, 1, 1],
      ["VIP", 1, 1, 1, 1],
      ["No label", 4, 2, 1, 2],
    ]);
    // B is in two label rows but once in the totals. D (Ada stepped in, never closed) had its first
    // reply at once, and is still handed off at `now`, long past 90 minutes.
    expect(report.totals).toMatchObject({ conversations: 5, handoffs: 3, slaFirstResponseBreaches: 2, slaResolutionBreaches: 3 });
    const byAgent = await teamReport(db(), businessId, { from: "2026-01-10", to: "2026-01-11", groupBy: "agent" }, now);
    const breaches = (key: string) => byAgent.rows.find((r) => r.key === key);
    expect(breaches(ada.id)).toMatchObject({ slaFirstResponseBreaches: 1, slaResolutionBreaches: 2 });
    expect(breaches(bo.id)).toMatchObject({ slaFirstResponseBreaches: 1, slaResolutionBreaches: 1 });
  });

  it("GET /v1/reports: the key's business only, reports:read, bad ranges refused with 400", async () => {
    const { businessId } = await history();
    const { key } = await createApiKey(db(), businessId, { scopes: ["reports:read"], name: "reports" });
    const ok = await api("GET", "/v1/reports?from=2026-01-10&to=2026-01-11", { key });
    expect(ok.status).toBe(200);
    expect(ok.body.groupBy).toBe("day");
    expect(ok.body.totals.conversations).toBe(5);

    // Another business sees its own (empty) history.
    const other = await createBusiness(db(), { name: "Other Co" });
    const { key: otherKey } = await createApiKey(db(), other.businessId, { scopes: ["reports:read"], name: "reports" });
    const theirs = await api("GET", "/v1/reports?from=2026-01-10&to=2026-01-11&groupBy=agent", { key: otherKey });
    expect(theirs.status).toBe(200);
    expect(theirs.body.totals).toEqual({ ...zero, appointments: noAppointments });
    expect(theirs.body.rows).toEqual([]);

    const { key: noScope } = await createApiKey(db(), businessId, { scopes: ["analytics:read"], name: "no reports" });
    expect((await api("GET", "/v1/reports", { key: noScope })).status).toBe(403);

    for (const query of [
      "from=2026-01-12&to=2026-01-10",
      "from=2026-02-30&to=2026-03-01",
      "from=2025-01-01&to=2026-06-01",
      "groupBy=week",
      "from=10-01-2026",
      "window=30d",
    ]) {
      const bad = await api("GET", `/v1/reports?${query}`, { key });
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.code, query).toBe("invalid_request");
    }

    // Without a range: the last 30 days of the business's zone, every day listed.
    const recent = await api("GET", "/v1/reports", { key });
    expect(recent.status).toBe(200);
    expect(recent.body.rows).toHaveLength(30);
    expect(recent.body.rows.at(-1).key).toBe(recent.body.to);
  });
});
