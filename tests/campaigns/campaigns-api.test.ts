import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { assistantTurn } from "../../lib/messages/receive-message";
import { scheduleInstant } from "../../lib/campaigns/campaigns";
import { normalizeKeyword, OPT_TEXTS, optIntent } from "../../lib/contacts/opt-out";
import { runCampaignPass } from "../../lib/campaigns/send-job";
import { renderVariable } from "../../lib/campaigns/variables";
import { upsertContact } from "../../lib/contacts/contacts";
import { db } from "../../lib/db/client";
import { queryRows } from "../../lib/db/rows";
import { businesses, campaignOptOuts, campaignSettings, events, messages, templates } from "../../lib/db/schema";
import { receiveInboundMessage } from "../../lib/messages/receive-message";
import { api, makeBusiness, type TestBusiness, uniquePhone } from "../helpers/api";
import { campaignJobs, recipientsOf } from "./harness";

let biz: TestBusiness;

async function template(b: TestBusiness, body = "Hi {{1}}, we open on Sunday at {{2}}.", name = "sunday_opening") {
  const res = await api("POST", "/v1/templates", { key: b.key, body: { name, language: "en", category: "marketing", body } });
  expect(res.status).toBe(200);
}

const inbound = (phone: string, text: string) => ({
  channel: "sandbox" as const,
  from: phone,
  profileName: null,
  channelMessageId: `sbx.${phone}.${Math.random()}`,
  timestamp: new Date(),
  type: "text",
  text,
  content: null,
});

beforeAll(async () => {
  biz = await makeBusiness();
  await template(biz);
});

describe("variables", () => {
  it("takes contact fields and metadata with fallbacks", () => {
    const c = { name: "Ana", phone: "+351912345678", metadata: { table: "window", visits: 3, empty: "" } };
    expect(renderVariable("{{name|there}}", c)).toBe("Ana");
    expect(renderVariable("{{name|there}}", { ...c, name: null })).toBe("there");
    expect(renderVariable("table by the {{metadata.table|door}}, {{visits}} visits", c)).toBe("table by the window, 3 visits");
    expect(renderVariable("{{empty|none}} {{missing|?}} {{phone}}", c)).toBe("none ? +351912345678");
  });
});

describe("opt-out words", () => {
  it("reads STOP, parar and cancelar suscripción in their language, accents and case ignored", () => {
    expect(optIntent("STOP", "+14155550100")).toEqual({ kind: "out", language: "en" });
    expect(optIntent("Parar!", "+5511987654321")).toEqual({ kind: "out", language: "pt" });
    expect(optIntent("parar", "+34612345678")).toEqual({ kind: "out", language: "es" });
    expect(optIntent("Cancelar suscripción", "+34612345678")).toEqual({ kind: "out", language: "es" });
    expect(optIntent("start", "+14155550100")).toEqual({ kind: "in", language: "en" });
    expect(optIntent("please stop sending me offers", "+14155550100")).toBeNull();
    expect(optIntent("basta ya", "+34612345678", ["Basta ya"])).toEqual({ kind: "out", language: "es" });
    expect(normalizeKeyword("  ¡Cancelar   Suscripción! ")).toBe("cancelar suscripcion");
  });

  it("opts out once in each language, answers once, skips the assistant for the word, and START opts back in", async () => {
    const b = await makeBusiness();
    const cases = [
      { phone: `+1415${String(Date.now()).slice(-7)}`, word: "STOP", lang: "en" as const },
      { phone: `+5511${String(Date.now()).slice(-8)}`, word: "Parar", lang: "pt" as const },
      { phone: `+346${String(Date.now()).slice(-8)}`, word: "cancelar suscripción", lang: "es" as const },
    ];
    for (const c of cases) {
      const first = await receiveInboundMessage(db(), b.businessId, inbound(c.phone, c.word));
      await receiveInboundMessage(db(), b.businessId, inbound(c.phone, c.word.toLowerCase()));
      const out = await db()
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, first.conversation.id), eq(messages.direction, "outbound")));
      expect(out.map((m) => m.text)).toEqual([OPT_TEXTS[c.lang].out]);
      const [row] = await db().select().from(campaignOptOuts).where(eq(campaignOptOuts.contactId, first.message.contactId));
      expect(row).toMatchObject({ optedOut: true, language: c.lang, source: "customer" });
      // Neither STOP became an assistant turn; a real question afterwards does (replies still flow).
      const turns = () =>
        queryRows<{ n: number }>(
          db(),
          sql`select count(*)::int as n from jobs where queue = ${assistantTurn.name} and payload->>'conversationId' = ${first.conversation.id}`,
        );
      expect((await turns())[0].n).toBe(0);
      await receiveInboundMessage(db(), b.businessId, inbound(c.phone, "are you open on Sunday?"));
      expect((await turns())[0].n).toBe(1);
    }
    const updates = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, b.businessId), eq(events.type, "contact.updated")));
    // One each, in no particular order (a query without ORDER BY has none: a run caught them reordered).
    const phoneOf = (u: (typeof updates)[number]) => (u.payload.contact as { phone?: string } | undefined)?.phone;
    expect(updates.map(phoneOf).sort()).toEqual(cases.map((c) => c.phone).sort());
    for (const u of updates) expect(u.payload).toMatchObject({ contact: { optedOut: true }, changes: ["optedOut"], source: "customer" });

    // START: back in, told so, once.
    const back = await receiveInboundMessage(db(), b.businessId, inbound(cases[0].phone, "Start"));
    await receiveInboundMessage(db(), b.businessId, inbound(cases[0].phone, "START"));
    const texts = (
      await db()
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, back.conversation.id), eq(messages.direction, "outbound")))
    ).map((m) => m.text);
    expect(texts.filter((t) => t === OPT_TEXTS.en.in)).toHaveLength(1);
    const [row] = await db().select().from(campaignOptOuts).where(eq(campaignOptOuts.contactId, back.message.contactId));
    expect(row.optedOut).toBe(false);
  });

  it("opts out on the business's own word, which is then no assistant turn, while other messages are", async () => {
    const b = await makeBusiness();
    await db()
      .insert(campaignSettings)
      .values({ businessId: b.businessId, optOutWords: ["Basta ya"] });
    const phone = `+1415${String(Date.now()).slice(-7)}`;
    const turns = (conversationId: string) =>
      queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from jobs where queue = ${assistantTurn.name} and payload->>'conversationId' = ${conversationId}`,
      );
    const question = await receiveInboundMessage(db(), b.businessId, inbound(phone, "are you open on Sunday?"));
    expect((await turns(question.conversation.id))[0].n).toBe(1);
    const word = await receiveInboundMessage(db(), b.businessId, inbound(phone, "basta ya!"));
    expect((await turns(word.conversation.id))[0].n).toBe(1);
    const [row] = await db().select().from(campaignOptOuts).where(eq(campaignOptOuts.contactId, word.message.contactId));
    expect(row).toMatchObject({ optedOut: true, source: "customer" });
    const out = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, word.conversation.id), eq(messages.direction, "outbound")));
    expect(out.map((m) => m.text)).toEqual([OPT_TEXTS.en.out]);
  });
});

describe("the campaigns API", () => {
  it("counts the audience minus opted-out, creates the campaign with per-recipient variables, and answers counts", async () => {
    const b = await makeBusiness();
    await template(b);
    const phones = [uniquePhone(), uniquePhone(), uniquePhone(), uniquePhone()];
    await upsertContact(db(), b.businessId, { phone: phones[0], name: "Ana", tags: ["regular", "vip"], metadata: { hour: "12:00" } });
    await upsertContact(db(), b.businessId, { phone: phones[1], name: null, tags: ["regular"] });
    await upsertContact(db(), b.businessId, { phone: phones[2], name: "Bo", tags: ["regular"] });
    await upsertContact(db(), b.businessId, { phone: phones[3], name: "Cy", tags: ["other"] });
    // Bo said STOP last month.
    await receiveInboundMessage(db(), b.businessId, inbound(phones[2], "stop"));

    const body = {
      audience: { tags: { any: ["regular"] } },
      template: { name: "sunday_opening", language: "en", variables: ["{{name|there}}", "{{hour|13:00}}"] },
    };
    const preview = await api("POST", "/v1/campaigns/preview", { key: b.key, body });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ count: 2, optedOut: 1 });
    expect(preview.body.sample.map((s: { text: string }) => s.text)).toEqual([
      "Hi Ana, we open on Sunday at 12:00.",
      "Hi there, we open on Sunday at 13:00.",
    ]);
    const all = await api("POST", "/v1/campaigns/preview", { key: b.key, body: { audience: { tags: { all: ["regular", "vip"] } } } });
    expect(all.body.count).toBe(1);

    const created = await api("POST", "/v1/campaigns", { key: b.key, body: { name: "Sunday", ...body } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ status: "running", counts: { total: 2, pending: 2, sent: 0 } });
    const id = created.body.id as string;
    const recipients = await api("GET", `/v1/campaigns/${id}/recipients?limit=1`, { key: b.key });
    expect(recipients.body.data).toEqual([expect.objectContaining({ phone: phones[0], status: "pending", variables: ["Ana", "12:00"] })]);
    const page2 = await api("GET", `/v1/campaigns/${id}/recipients?limit=1&cursor=${recipients.body.nextCursor}`, { key: b.key });
    expect(page2.body.data[0]).toMatchObject({ phone: phones[1], variables: ["there", "13:00"] });
    expect(page2.body.nextCursor).toBeNull();
    expect((await campaignJobs(b.businessId)).length).toBe(1);

    // Pause, resume, cancel: guarded moves.
    expect((await api("POST", `/v1/campaigns/${id}/pause`, { key: b.key })).body.status).toBe("paused");
    const again = await api("POST", `/v1/campaigns/${id}/pause`, { key: b.key });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("invalid_transition");
    expect((await api("POST", `/v1/campaigns/${id}/resume`, { key: b.key })).body.status).toBe("running");
    const cancelled = await api("POST", `/v1/campaigns/${id}/cancel`, { key: b.key });
    expect(cancelled.body).toMatchObject({ status: "cancelled", counts: { cancelled: 2, pending: 0 } });
    expect((await api("POST", `/v1/campaigns/${id}/resume`, { key: b.key })).status).toBe(409);

    // The send pass finds nothing to do for a cancelled campaign and sends nothing.
    expect(await runCampaignPass(db(), b.businessId)).toEqual({ sent: 0, nextInMs: null });
    const list = await api("GET", "/v1/campaigns", { key: b.key });
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([id]);
  });

  it("sends through the sandbox and counts sent, replied and opted out after", async () => {
    const b = await makeBusiness();
    await template(b, "Hello {{1}}!", "hello");
    const [p1, p2] = [uniquePhone(), uniquePhone()];
    // Sandbox contacts (they wrote in the simulator) are reached there.
    await receiveInboundMessage(db(), b.businessId, inbound(p1, "hi"));
    await receiveInboundMessage(db(), b.businessId, inbound(p2, "hi"));
    const created = await api("POST", "/v1/campaigns", {
      key: b.key,
      body: { name: "Hello", template: { name: "hello", language: "en", variables: ["{{name|friend}}"] }, audience: { phones: [p1, p2] } },
    });
    expect(created.status).toBe(200);
    const result = await runCampaignPass(db(), b.businessId);
    expect(result.sent).toBe(2);
    const c1 = await api("GET", `/v1/campaigns/${created.body.id}`, { key: b.key });
    expect(c1.body).toMatchObject({ status: "completed", counts: { total: 2, sent: 2, pending: 0, failed: 0 } });
    const rs = await recipientsOf(created.body.id);
    const [m] = await db()
      .select()
      .from(messages)
      .where(eq(messages.id, rs[0].messageId as string));
    expect(m).toMatchObject({ source: "campaign", type: "template", text: "Hello friend!", status: "sent", channel: "sandbox" });
    // One replies, the other says STOP: counted.
    await receiveInboundMessage(db(), b.businessId, inbound(p1, "Great, see you Sunday"));
    await receiveInboundMessage(db(), b.businessId, inbound(p2, "STOP"));
    const c2 = await api("GET", `/v1/campaigns/${created.body.id}`, { key: b.key });
    expect(c2.body.counts).toMatchObject({ replied: 2, optedOut: 1 });
    const completed = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, b.businessId), eq(events.type, "campaign.completed")));
    expect(completed).toHaveLength(1);
    expect(completed[0].payload).toMatchObject({ campaign: { id: created.body.id, counts: { sent: 2 } } });
  });

  it("refuses bad input, unknown and unapproved templates, foreign ids and missing scopes, storing nothing", async () => {
    const b = await makeBusiness();
    await template(b, "Hi!", "hi");
    const phone = uniquePhone();
    await upsertContact(db(), b.businessId, { phone, tags: ["x"] });
    const base = { name: "X", template: { name: "hi", language: "en", variables: [] }, audience: { tags: { any: ["x"] } } };
    const bad = await api("POST", "/v1/campaigns", { key: b.key, body: { ...base, audience: { tags: { some: ["x"] } } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_request");
    const vars = await api("POST", "/v1/campaigns", { key: b.key, body: { ...base, template: { ...base.template, variables: ["a"] } } });
    expect(vars.status).toBe(400);
    const unknown = await api("POST", "/v1/campaigns", { key: b.key, body: { ...base, template: { ...base.template, name: "nope" } } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe("unknown_template");
    await db().update(templates).set({ status: "pending" }).where(eq(templates.businessId, b.businessId));
    const pending = await api("POST", "/v1/campaigns", { key: b.key, body: base });
    expect(pending.status).toBe(422);
    expect(pending.body.error.code).toBe("template_not_approved");
    await db().update(templates).set({ status: "approved" }).where(eq(templates.businessId, b.businessId));
    const empty = await api("POST", "/v1/campaigns", { key: b.key, body: { ...base, audience: { tags: { any: ["nobody"] } } } });
    expect(empty.status).toBe(400);
    const csv = await api("POST", "/v1/campaigns", { key: b.key, body: { ...base, audience: { csv: "phone\n+14155550123\ntwelve\n" } } });
    expect(csv.status).toBe(400);
    expect(csv.body.error.details[0].message).toContain("row 3: 'twelve'");
    expect((await api("GET", "/v1/campaigns", { key: b.key })).body.data).toEqual([]);

    const ok = await api("POST", "/v1/campaigns", { key: b.key, body: base });
    const other = await makeBusiness();
    const foreign = await api("GET", `/v1/campaigns/${ok.body.id}`, { key: other.key });
    const missing = await api("GET", "/v1/campaigns/cmp_01JD7X4S9C8A3K2M5N6P7Q8R9T", { key: other.key });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe(missing.body.error.message);
    expect((await api("POST", `/v1/campaigns/${ok.body.id}/cancel`, { key: other.key })).status).toBe(404);

    const readOnly = await makeBusiness({ scopes: ["campaigns:read"] });
    const denied = await api("POST", "/v1/campaigns", { key: readOnly.key, body: base });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe("insufficient_scope");
    expect((await api("GET", "/v1/campaigns", { key: readOnly.key })).status).toBe(200);
  });

  it("upserts a CSV's phones as contacts", async () => {
    const b = await makeBusiness();
    await template(b, "Hi!", "hi");
    const csv = "name,phone\nAna,+351 912 345 678\nBo,0034612345678\n";
    const res = await api("POST", "/v1/campaigns", {
      key: b.key,
      body: { name: "CSV", template: { name: "hi", language: "en", variables: [] }, audience: { csv } },
    });
    expect(res.status).toBe(200);
    expect(res.body.counts.total).toBe(2);
    // With an Idempotency-Key a retried create answers the first campaign and creates no second one.
    const body = { name: "Again", template: { name: "hi", language: "en", variables: [] }, audience: { csv } };
    const once = await api("POST", "/v1/campaigns", { key: b.key, body, headers: { "idempotency-key": "campaign-1" } });
    const twice = await api("POST", "/v1/campaigns", { key: b.key, body, headers: { "idempotency-key": "campaign-1" } });
    expect(twice.body.id).toBe(once.body.id);
    expect((await api("GET", "/v1/campaigns", { key: b.key })).body.data).toHaveLength(2);
    expect(res.body.audience.phones).toEqual(["+351912345678", "+34612345678"]);
    const created = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, b.businessId), eq(events.type, "contact.created")));
    expect(created).toHaveLength(2);
  });
});

describe("scheduling in the business's time zone", () => {
  it("reads a wall-clock time across a daylight-saving change", () => {
    // Lisbon moves to summer time on 28 March 2027: 19:00 is 19:00Z the day before and 18:00Z after.
    expect(scheduleInstant("2027-03-27T19:00", "Europe/Lisbon").toISOString()).toBe("2027-03-27T19:00:00.000Z");
    expect(scheduleInstant("2027-03-28T19:00", "Europe/Lisbon").toISOString()).toBe("2027-03-28T18:00:00.000Z");
    expect(scheduleInstant("2027-11-07T09:00", "America/New_York").toISOString()).toBe("2027-11-07T14:00:00.000Z");
    expect(scheduleInstant("2027-11-06T09:00", "America/New_York").toISOString()).toBe("2027-11-06T13:00:00.000Z");
    expect(scheduleInstant("2027-03-28T19:00+05:00", "Europe/Lisbon").toISOString()).toBe("2027-03-28T14:00:00.000Z");
  });

  it("schedules the campaign and its send job at that instant, and starts it when due", async () => {
    const b = await makeBusiness();
    await db().update(businesses).set({ timeZone: "Europe/Lisbon" }).where(eq(businesses.id, b.businessId));
    await template(b, "Hi!", "hi");
    const phone = uniquePhone();
    await receiveInboundMessage(db(), b.businessId, inbound(phone, "hi"));
    const res = await api("POST", "/v1/campaigns", {
      key: b.key,
      body: {
        name: "Easter",
        template: { name: "hi", language: "en", variables: [] },
        audience: { phones: [phone] },
        scheduledAt: "2027-03-28T19:00",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "scheduled", scheduledAt: "2027-03-28T18:00:00.000Z", startedAt: null });
    const [job] = await campaignJobs(b.businessId);
    expect(new Date(job.run_at).toISOString()).toBe("2027-03-28T18:00:00.000Z");
    // Not due: a pass sends nothing and sleeps until then.
    const early = await runCampaignPass(db(), b.businessId);
    expect(early.sent).toBe(0);
    expect(early.nextInMs).toBeGreaterThan(100 * 24 * 3600_000);
    // Time passes (the schedule moved into the past): the pass starts and sends it.
    await db().execute(sql`update campaigns set scheduled_at = now() - interval '1 second' where id = ${res.body.id}`);
    expect((await runCampaignPass(db(), b.businessId)).sent).toBe(1);
    expect((await api("GET", `/v1/campaigns/${res.body.id}`, { key: b.key })).body.status).toBe("completed");
  });
});
