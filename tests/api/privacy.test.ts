import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { newId } from "@/lib/ids";
import { saveMediaFile } from "@/lib/media/media-files";
import { erasePersonalFields } from "@/lib/privacy/personal-fields";
import { privacyRetention, privacyRetentionJob } from "@/lib/privacy/retention";
import { api, makeBusiness, type TestBusiness, uniquePhone } from "../helpers/api";
import { receiveForTest } from "../helpers/inbound";

// Issue 17, item 5: a customer's erasure and export through the API, and the message retention job.

const n = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db(), q))[0].n);
const withoutRequestId = (body: { error: Record<string, unknown> }) => ({ ...body, error: { ...body.error, requestId: undefined } });
const graph = { nodes: [{ id: "start", type: "start", data: {} }], edges: [] };

async function message(b: TestBusiness, conversationId: string, contactId: string, text: string, extra: { media?: unknown; daysAgo?: number } = {}) {
  const id = newId("msg");
  await db().execute(sql`insert into messages (id, business_id, conversation_id, contact_id, direction, source, type, text, status, channel, media, created_at)
    values (${id}, ${b.businessId}, ${conversationId}, ${contactId}, 'inbound', 'customer', ${extra.media ? "image" : "text"}, ${text}, 'received', 'sandbox',
      ${extra.media ? JSON.stringify(extra.media) : null}::jsonb, now() - make_interval(days => ${extra.daysAgo ?? 0}))`);
  return id;
}

/** A customer with everything the service stores about one: messages, a photo, records, a skill session, a note, an opt-out. */
async function customerWithHistory(b: TestBusiness, name = "Ada Lovelace") {
  const phone = uniquePhone();
  const { contactId, conversationId } = await receiveForTest(b.businessId, phone);
  await db().execute(sql`update contacts set name = ${name} where id = ${contactId}`);
  const file = await saveMediaFile(db(), b.businessId, {
    kind: "image",
    mimeType: "image/png",
    direction: "inbound",
    body: (async function* () {
      yield new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    })(),
  });
  const media = { fileId: file.id, kind: "image", mimeType: "image/png", size: 7, filename: null, caption: null, status: "ready" };
  const textId = await message(b, conversationId, contactId, "Table for 4 tonight, my email is ada@example.com");
  const photoId = await message(b, conversationId, contactId, "", { media });
  const recordId = newId("rec");
  await db().execute(sql`insert into records (id, business_id, collection, fields, conversation_id, contact_id, status) values
    (${recordId}, ${b.businessId}, 'bookings', ${JSON.stringify({
      when: "2026-11-28T20:00:00+00:00",
      party_size: 4,
      name,
      phone,
      email: "ada@example.com",
      notes: "window seat please",
      occasion: `call me on ${phone}`,
      items: [{ title: "Cake", quantity: 1, note: "write Happy birthday" }],
      total: 3200,
      fulfilment: "dine-in",
      delivery: { recipient: name, street: "Rua 1", door: 3, reach: [`${phone}`, "ring twice"] },
      guests: [name, "a friend"],
      customer: { name, vip: true },
    })}::jsonb, ${conversationId}, ${contactId}, 'confirmed')`);
  await db().execute(sql`insert into skills (business_id, id, assistant_id, name, graph) values (${b.businessId}, 'sk_privacy', ${b.assistantId}, 'P', ${JSON.stringify(graph)}::jsonb)
    on conflict do nothing`);
  await db().execute(sql`insert into skill_sessions (conversation_id, business_id, skill_id, version, node_id, variables, expires_at)
    values (${conversationId}, ${b.businessId}, 'sk_privacy', 1, 'start', ${JSON.stringify({ name })}::jsonb, now() + interval '1 hour')`);
  await db().execute(sql`insert into conversation_events (id, business_id, conversation_id, kind, text, actor_type)
    values (${newId("cev")}, ${b.businessId}, ${conversationId}, 'note', 'Allergic to nuts', 'api')`);
  await db().execute(
    sql`insert into campaign_opt_outs (business_id, contact_id, opted_out, source) values (${b.businessId}, ${contactId}, true, 'customer')`,
  );
  await db().execute(sql`insert into events (id, business_id, type, payload) values
    (${newId("evt")}, ${b.businessId}, 'message.received', ${JSON.stringify({ contactId, conversationId, text: "Table for 4", from: phone })}::jsonb)`);
  return { phone, contactId, conversationId, fileId: file.id, storageKey: file.storageKey, textId, photoId, recordId };
}

describe("privacy requests", () => {
  it("exports everything stored about a contact", async () => {
    const b = await makeBusiness();
    const c = await customerWithHistory(b);
    const res = await api("GET", `/v1/contacts/${c.contactId}/export`, { key: b.key });
    expect(res.status).toBe(200);
    expect(res.body.contact).toMatchObject({ id: c.contactId, phone: c.phone, name: "Ada Lovelace" });
    expect(res.body.conversations.map((x: { id: string }) => x.id)).toEqual([c.conversationId]);
    expect(res.body.messages.map((m: { id: string }) => m.id).sort()).toEqual([c.textId, c.photoId].sort());
    expect(res.body.messages.find((m: { id: string }) => m.id === c.photoId).media.url).toMatch(/^http/);
    expect(res.body.notes.map((e: { text: string }) => e.text)).toContain("Allergic to nuts");
    expect(res.body.records[0]).toMatchObject({ id: c.recordId, fields: { party_size: 4, email: "ada@example.com" } });
    expect(res.body.skillSessions[0]).toMatchObject({ conversationId: c.conversationId, variables: { name: "Ada Lovelace" } });
    expect(res.body.optOuts[0]).toMatchObject({ optedOut: true, source: "customer" });
    expect(res.body.media[0]).toMatchObject({ id: c.fileId, kind: "image", mimeType: "image/png", size: 7 });
    expect(res.body.media[0]).not.toHaveProperty("storageKey");
  });

  it("erases the contact with their conversations, messages, media and personal record fields; keeps the rest", async () => {
    const b = await makeBusiness();
    const c = await customerWithHistory(b);
    const other = await customerWithHistory(b, "Grace Hopper");
    const res = await api("DELETE", `/v1/contacts/${c.contactId}`, { key: b.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: c.contactId, deleted: true, erased: { conversations: 1, messages: 2, mediaFiles: 1, records: 1, events: 2 } });

    for (const [table, column] of [
      ["contacts", "id"],
      ["conversations", "contact_id"],
      ["messages", "contact_id"],
      ["campaign_opt_outs", "contact_id"],
    ]) {
      expect(await n(sql.raw(`select count(*)::int as n from ${table} where ${column} = '${c.contactId}'`)), table).toBe(0);
    }
    for (const table of ["skill_sessions", "conversation_events", "conversation_transitions"]) {
      expect(await n(sql.raw(`select count(*)::int as n from ${table} where conversation_id = '${c.conversationId}'`)), table).toBe(0);
    }
    expect(await n(sql`select count(*)::int as n from media_files where id = ${c.fileId}`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from media_chunks where storage_key = ${c.storageKey}`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from events where payload::text like ${`%${c.phone}%`}`)).toBe(0);

    const [rec] = await queryRows<{ fields: Record<string, unknown>; contact_id: string | null; conversation_id: string | null; status: string }>(
      db(),
      sql`select fields, contact_id, conversation_id, status from records where id = ${c.recordId}`,
    );
    expect(rec).toEqual({
      contact_id: null,
      conversation_id: null,
      status: "confirmed",
      fields: {
        when: "2026-11-28T20:00:00+00:00",
        party_size: 4,
        name: null,
        phone: null,
        email: null,
        notes: null,
        occasion: null,
        items: [{ title: "Cake", quantity: 1, note: null }],
        total: 3200,
        fulfilment: "dine-in",
        // Issue 34, item 9: nested objects and lists are searched through, not kept whole.
        delivery: { recipient: null, street: null, door: 3, reach: [null, "ring twice"] },
        guests: [null, "a friend"],
        customer: { name: null, vip: true },
      },
    });

    // The other customer of the business is untouched, media included.
    const kept = await api("GET", `/v1/contacts/${other.contactId}/export`, { key: b.key });
    expect(kept.status).toBe(200);
    expect(kept.body.messages).toHaveLength(2);
    expect(kept.body.media).toHaveLength(1);
    expect(kept.body.records[0].fields.name).toBe("Grace Hopper");

    // contact.deleted, without personal data.
    const [event] = await queryRows<{ payload: Record<string, unknown> }>(
      db(),
      sql`select payload from events where business_id = ${b.businessId} and type = 'contact.deleted'`,
    );
    expect(event.payload).toMatchObject({ type: "contact.deleted", contactId: c.contactId, erased: { messages: 2 } });
    expect(JSON.stringify(event.payload)).not.toContain(c.phone);
  });

  it("is idempotent: a second erasure answers 404 and changes nothing; the export of an erased contact is 404", async () => {
    const b = await makeBusiness();
    const c = await customerWithHistory(b);
    expect((await api("DELETE", `/v1/contacts/${c.contactId}`, { key: b.key })).status).toBe(200);
    const events = await n(sql`select count(*)::int as n from events where business_id = ${b.businessId}`);
    const again = await api("DELETE", `/v1/contacts/${c.contactId}`, { key: b.key });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe("not_found");
    expect(await n(sql`select count(*)::int as n from events where business_id = ${b.businessId}`)).toBe(events);
    expect((await api("GET", `/v1/contacts/${c.contactId}/export`, { key: b.key })).status).toBe(404);
  });

  it("answers another business's contact exactly like a missing one, and erases nothing of it", async () => {
    const owner = await makeBusiness();
    const c = await customerWithHistory(owner);
    const stranger = await makeBusiness();
    const foreign = await api("DELETE", `/v1/contacts/${c.contactId}`, { key: stranger.key });
    const missing = await api("DELETE", "/v1/contacts/ct_nope", { key: stranger.key });
    expect(foreign.status).toBe(404);
    expect(withoutRequestId(foreign.body)).toEqual(withoutRequestId(missing.body));
    const foreignExport = await api("GET", `/v1/contacts/${c.contactId}/export`, { key: stranger.key });
    expect(foreignExport.status).toBe(404);
    expect(withoutRequestId(foreignExport.body)).toEqual(
      withoutRequestId((await api("GET", "/v1/contacts/ct_nope/export", { key: stranger.key })).body),
    );
    expect(await n(sql`select count(*)::int as n from messages where contact_id = ${c.contactId}`)).toBe(2);
  });

  it("needs contacts:write to erase and contacts:read to export", async () => {
    const b = await makeBusiness();
    const c = await customerWithHistory(b);
    // A key of the same business without the write scope.
    const { createApiKey } = await import("@/lib/keys/api-keys");
    const { key } = await createApiKey(db(), b.businessId, { scopes: ["contacts:read"], name: "ro" });
    const refused = await api("DELETE", `/v1/contacts/${c.contactId}`, { key });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("insufficient_scope");
    expect((await api("GET", `/v1/contacts/${c.contactId}/export`, { key })).status).toBe(200);
    const { key: noRead } = await createApiKey(db(), b.businessId, { scopes: ["messages:read"], name: "m" });
    expect((await api("GET", `/v1/contacts/${c.contactId}/export`, { key: noRead })).status).toBe(403);
    expect(await n(sql`select count(*)::int as n from messages where contact_id = ${c.contactId}`)).toBe(2);
  });
});

describe("record fields: personal or not", () => {
  it("clears names, contact details and free text; keeps counts, dates, items and choices", () => {
    const { fields, erased } = erasePersonalFields(
      {
        customerName: "Ana",
        delivery_address: "Rua 1",
        contact_phone: "+351 912 345 678",
        special_notes: "ring twice",
        partySize: 2,
        date: "2026-12-01",
        time: "20:00",
        fulfilment: "delivery",
        interest: "write to ana@x.pt",
        reference: "see +44 20 7946 0958",
        subtotal: 1500,
        paid: true,
      },
      { name: "Ana", phone: "+351912345678" },
    );
    expect(erased.sort()).toEqual(["contact_phone", "customerName", "delivery_address", "interest", "reference", "special_notes"]);
    expect(fields).toMatchObject({ partySize: 2, date: "2026-12-01", time: "20:00", fulfilment: "delivery", subtotal: 1500, paid: true });
  });

  it("searches nested objects and lists: a personal key clears its whole value, deep text is read like top-level text", () => {
    const deep: Record<string, unknown> = { level: 0 };
    let at = deep;
    for (let i = 1; i < 80; i++) {
      const next = { level: i, memo: "nothing personal" };
      at.next = next;
      at = next;
    }
    const { fields, erased } = erasePersonalFields(
      {
        order: {
          items: [
            { title: "Pizza", qty: 2, price: 900 },
            { title: "Cake", qty: 1, notes: "for Ana's birthday" },
          ],
          shipping: { method: "delivery", address: { street: "Rua 1", city: "Lisboa" }, contactPhone: "+351 912 345 678" },
          payer: ["Ana", "card"],
        },
        mentions: [[["write to ana@x.pt"]], 7],
        deep,
      },
      { name: "Ana", phone: "+351912345678" },
    );
    expect(fields.order).toEqual({
      items: [
        { title: "Pizza", qty: 2, price: 900 },
        { title: "Cake", qty: 1, notes: null },
      ],
      shipping: { method: "delivery", address: null, contactPhone: null },
      payer: [null, "card"],
    });
    expect(fields.mentions).toEqual([[[null]], 7]);
    expect(erased).toEqual(
      expect.arrayContaining([
        "order.items[1].notes",
        "order.shipping.address",
        "order.shipping.contactPhone",
        "order.payer[0]",
        "mentions[0][0][0]",
      ]),
    );
    // What lies deeper than any accepted record is cleared rather than read.
    expect(JSON.stringify(fields.deep)).not.toContain('"level":70');
    expect(JSON.stringify(fields.deep)).toContain('"level":10');
  });
});

describe("message retention", () => {
  it("PUT /v1/privacy-settings validates, stores and schedules the job; the job deletes only old messages of businesses with the setting", async () => {
    const keep = await makeBusiness();
    const trim = await makeBusiness();
    const bad = await api("PUT", "/v1/privacy-settings", { key: trim.key, body: { messageRetentionDays: 0 } });
    expect(bad.status).toBe(400);
    expect((await api("GET", "/v1/privacy-settings", { key: trim.key })).body).toEqual({ messageRetentionDays: null, updatedAt: null });

    const a = await receiveForTest(trim.businessId, uniquePhone());
    const oldA = await message(trim, a.conversationId, a.contactId, "old", { daysAgo: 40 });
    const newA = await message(trim, a.conversationId, a.contactId, "new", { daysAgo: 10 });
    const k = await receiveForTest(keep.businessId, uniquePhone());
    const oldK = await message(keep, k.conversationId, k.contactId, "old elsewhere", { daysAgo: 400 });
    await db().execute(
      sql`insert into token_ledger (id, business_id, kind, tokens, message_id) values (${newId("led")}, ${trim.businessId}, 'usage', -3, ${oldA})`,
    );

    const put = await api("PUT", "/v1/privacy-settings", { key: trim.key, body: { messageRetentionDays: 30 } });
    expect(put.status).toBe(200);
    expect(put.body.messageRetentionDays).toBe(30);
    expect(await n(sql`select count(*)::int as n from jobs where queue = ${privacyRetention.name} and business_id = ${trim.businessId}`)).toBe(1);

    await privacyRetentionJob({ businessId: trim.businessId }, {} as never);
    await privacyRetentionJob({ businessId: keep.businessId }, {} as never);
    const ids = async (businessId: string) =>
      (await queryRows<{ id: string }>(db(), sql`select id from messages where business_id = ${businessId} order by id`)).map((r) => r.id);
    expect(await ids(trim.businessId)).toEqual([newA]);
    expect(await ids(keep.businessId)).toEqual([oldK]);
    // The ledger keeps its entry; its message reference goes null.
    expect(
      await n(sql`select count(*)::int as n from token_ledger where business_id = ${trim.businessId} and kind = 'usage' and message_id is null`),
    ).toBe(1);
    // The conversation and contact stay.
    expect(await n(sql`select count(*)::int as n from conversations where id = ${a.conversationId}`)).toBe(1);
    // The chain goes on for the business with the setting, and not for the other one.
    expect(await n(sql`select count(*)::int as n from jobs where queue = ${privacyRetention.name} and business_id = ${keep.businessId}`)).toBe(0);

    const off = await api("PUT", "/v1/privacy-settings", { key: trim.key, body: { messageRetentionDays: null } });
    expect(off.body.messageRetentionDays).toBeNull();
    const stale = await message(trim, a.conversationId, a.contactId, "old again", { daysAgo: 90 });
    await privacyRetentionJob({ businessId: trim.businessId }, {} as never);
    expect(await ids(trim.businessId)).toEqual([newA, stale].sort());
  });
});
