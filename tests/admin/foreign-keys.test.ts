import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { currentMigrations, emptyDatabase, migrateFolder, migrationsUpTo } from "../helpers/migrations";
import { B, fillReleasedSchema } from "../helpers/released-data";

// Issue 17, item 2: drizzle/0014_foreign_keys.sql repairs the orphans an installation may hold, then
// adds every reference between tables and the enum checks; deleting a business deletes all it owns.

const O = "biz_01ORPHANREPAIR0000000000";
const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db(), query))[0].n;
const pgCode = (err: unknown): string | undefined => {
  let e = err as { code?: string; cause?: unknown } | undefined;
  while (e) {
    if (typeof e.code === "string" && /^\d{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
};

describe("the foreign keys migration", () => {
  const notices: string[] = [];

  beforeAll(async () => {
    await emptyDatabase();
    await migrateFolder(migrationsUpTo("0013_inbox_team"));
    const run = (q: ReturnType<typeof sql>) => db().execute(q);
    await run(sql`insert into businesses (id, name) values (${O}, 'Orphans')`);
    await run(sql`insert into users (id, business_id, email, password_hash) values ('usr_keep', ${O}, 'a@b.test', 'x')`);
    await run(sql`insert into contacts (id, business_id, phone) values ('ct_keep', ${O}, '+15550000001'), ('ct_nobiz', 'biz_gone', '+15550000002')`);
    await run(sql`insert into conversations (id, business_id, contact_id, assignee_id) values
      ('conv_keep', ${O}, 'ct_keep', 'usr_gone'), ('conv_nocontact', ${O}, 'ct_gone', null)`);
    await run(sql`insert into messages (id, business_id, conversation_id, contact_id, direction, source, text, status, channel) values
      ('msg_keep', ${O}, 'conv_keep', 'ct_keep', 'inbound', 'customer', 'hi', 'received', 'sandbox'),
      ('msg_child_of_orphan', ${O}, 'conv_nocontact', 'ct_gone', 'inbound', 'customer', 'lost', 'received', 'sandbox'),
      ('msg_noconv', ${O}, 'conv_gone', 'ct_keep', 'inbound', 'customer', 'lost', 'received', 'sandbox')`);
    await run(sql`insert into records (id, business_id, collection, fields, conversation_id, contact_id) values
      ('rec_keep', ${O}, 'bookings', '{"partySize":2}'::jsonb, 'conv_gone', 'ct_gone')`);
    await run(sql`insert into token_ledger (id, business_id, kind, tokens, message_id, conversation_id) values
      ('led_keep', ${O}, 'usage', -5, 'msg_gone', 'conv_keep')`);
    await run(sql`insert into conversation_events (id, business_id, conversation_id, kind, actor_type, actor_user_id) values
      ('cev_keep', ${O}, 'conv_keep', 'note', 'agent', 'usr_gone'), ('cev_noconv', ${O}, 'conv_gone', 'note', 'agent', null)`);
    await run(
      sql`insert into jobs (queue, payload, business_id) values ('test.orphans', '{}'::jsonb, 'biz_gone'), ('test.orphans', '{}'::jsonb, null)`,
    );
    await migrateFolder(currentMigrations, (m) => notices.push(m));
  }, 120_000);

  it("deletes rows that cannot live without their parent, children of deleted orphans included", async () => {
    const ids = async (table: string) =>
      (
        await queryRows<{ id: string }>(
          db(),
          sql.raw(`select id::text as id from ${table} where business_id = '${O}' or business_id = 'biz_gone' order by id`),
        )
      ).map((r) => r.id);
    expect(await ids("contacts")).toEqual(["ct_keep"]);
    expect(await ids("conversations")).toEqual(["conv_keep"]);
    expect(await ids("messages")).toEqual(["msg_keep"]);
    expect(await ids("conversation_events")).toEqual(["cev_keep"]);
    expect(await count(sql`select count(*)::int as n from jobs where queue = 'test.orphans'`)).toBe(1);
  });

  it("nulls references in history that must survive", async () => {
    const [conv] = await queryRows<{ assignee_id: string | null }>(db(), sql`select assignee_id from conversations where id = 'conv_keep'`);
    expect(conv.assignee_id).toBeNull();
    const [rec] = await queryRows(db(), sql`select conversation_id, contact_id, fields from records where id = 'rec_keep'`);
    expect(rec).toEqual({ conversation_id: null, contact_id: null, fields: { partySize: 2 } });
    const [led] = await queryRows(db(), sql`select message_id, conversation_id from token_ledger where id = 'led_keep'`);
    expect(led).toEqual({ message_id: null, conversation_id: "conv_keep" });
    const [cev] = await queryRows<{ actor_user_id: string | null }>(db(), sql`select actor_user_id from conversation_events where id = 'cev_keep'`);
    expect(cev.actor_user_id).toBeNull();
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("reports what it repaired, per table (Postgres notices)", () => {
    expect(notices).toContain("foreign keys: 1 row(s) repaired: contacts of a missing business (deleted)");
    expect(notices).toContain("foreign keys: 1 row(s) repaired: conversations of a missing contact (deleted)");
    expect(notices).toContain("foreign keys: 2 row(s) repaired: messages of a missing conversation or contact (deleted)");
    expect(notices).toContain("foreign keys: 1 row(s) repaired: records.contact_id naming a missing contact (set to null)");
    expect(notices).toContain("foreign keys: 1 row(s) repaired: jobs of a missing business (deleted)");
    expect(notices.at(-1)).toMatch(/^foreign keys: 1\d orphan row\(s\) repaired in all$/);
  });

  it("refuses an orphan insert and a status the code never writes", async () => {
    const orphan = await db()
      .execute(
        sql`insert into messages (id, business_id, conversation_id, contact_id, direction, source, text, status, channel)
          values ('msg_new_orphan', ${O}, 'conv_nowhere', 'ct_keep', 'inbound', 'customer', 'x', 'received', 'sandbox')`,
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(pgCode(orphan)).toBe("23503");
    const foreignBusiness = await db()
      .execute(sql`insert into contacts (id, business_id, phone) values ('ct_nowhere', 'biz_nowhere', '+15550000009')`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(pgCode(foreignBusiness)).toBe("23503");
    const badStatus = await db()
      .execute(sql`update conversations set status = 'archived' where id = 'conv_keep'`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(pgCode(badStatus)).toBe("23514");
    const badRecord = await db()
      .execute(sql`update records set status = 'lost_in_space' where id = 'rec_keep'`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(pgCode(badRecord)).toBe("23514");
    expect(await count(sql`select count(*)::int as n from conversations where status = 'archived'`)).toBe(0);
  });

  it("deleting a business deletes every row it owns, and nothing of another business", async () => {
    await fillReleasedSchema();
    const run = (q: ReturnType<typeof sql>) => db().execute(q);
    // This cycle's tables too (0008-0013).
    await run(sql`insert into saved_replies (id, business_id, shortcut, text) values ('sr_1', ${B}, 'hi', 'Hello!')`);
    await run(sql`insert into team_invites (id, business_id, email, role, token_hash, invited_by, expires_at)
      values ('inv_1', ${B}, 'new@lola.test', 'agent', 'hash1', 'usr_01RELOWNER', now() + interval '1 day')`);
    await run(sql`insert into conversation_events (id, business_id, conversation_id, kind, text, actor_type, actor_user_id)
      values ('cev_1', ${B}, 'conv_01RELANA', 'note', 'VIP', 'agent', 'usr_01RELAGENT')`);
    await run(sql`insert into conversation_transitions (id, business_id, conversation_id, from_status, to_status, actor)
      values ('ctr_1', ${B}, 'conv_01RELANA', 'open', 'handoff', 'assistant')`);
    await run(
      sql`insert into conversation_reads (business_id, user_id, conversation_id, read_at) values (${B}, 'usr_01RELAGENT', 'conv_01RELANA', now())`,
    );
    await run(sql`insert into inbox_settings (business_id, resume_after_minutes) values (${B}, 30)`);
    await run(sql`insert into member_presence (user_id, business_id, last_seen_at) values ('usr_01RELAGENT', ${B}, now())`);
    await run(sql`insert into conversation_viewers (conversation_id, user_id, business_id) values ('conv_01RELANA', 'usr_01RELAGENT', ${B})`);
    // Issue 36: labels and the conversations carrying them.
    await run(sql`insert into labels (id, business_id, name, color) values ('lbl_fk_1', ${B}, 'VIP', '#123456')`);
    await run(sql`insert into conversation_labels (business_id, conversation_id, label_id) values (${B}, 'conv_01RELANA', 'lbl_fk_1')`);
    await run(sql`insert into business_hours (business_id, weekly) values (${B}, '{"mon":["09:00-17:00"]}'::jsonb)`);
    await run(sql`insert into business_facts (business_id, delivers) values (${B}, true)`);
    await run(
      sql`insert into inbound_unusable (id, channel, fingerprint, kind, reason, raw, business_id) values ('inu_fk_1', 'whatsapp', 'fp-fk-1', 'unknown_type', 'type x', '{}'::jsonb, ${B})`,
    );
    await run(sql`insert into order_settings (business_id, ready_text) values (${B}, 'Ready!')`);
    await run(sql`insert into campaign_settings (business_id) values (${B})`);
    await run(sql`insert into whatsapp_rates (business_id, country, category, price, currency) values (${B}, 'BR', 'marketing', 0.0625, 'USD')`);
    await run(sql`insert into privacy_settings (business_id, message_retention_days) values (${B}, 90)`);
    // Issue 38: registered WhatsApp Flows.
    await run(
      sql`insert into whatsapp_flows (id, business_id, flow_id, name, cta, fields) values ('flw_fk_1', ${B}, '123', 'Book', 'Book', '[{"name":"date","kind":"date"}]'::jsonb)`,
    );
    await run(sql`insert into audit_events (id, business_id, actor_type, action) values ('aud_fk_1', ${B}, 'system', 'api_key.created')`);
    await run(sql`insert into booking_slots (business_id, skill_id, slot_start, booked, capacity) values (${B}, 'sk_hello', now(), 1, 4)`);
    await run(
      sql`insert into media_files (id, business_id, kind, mime_type, size, sha256, storage, storage_key) values ('med_1', ${B}, 'image', 'image/png', 3, 'abc', 'postgres', 'k1')`,
    );
    await run(
      sql`insert into idempotency_keys (business_id, key, operation, request_hash, response_status, response_body) values (${B}, 'k', 'op', 'h', 200, '{}'::jsonb)`,
    );
    // Issue 40: services, staff and an appointment (whose service and staff references are NO ACTION,
    // so the cascade from the business clears them in one statement).
    await run(sql`insert into staff_members (id, business_id, name) values ('stf_fk_1', ${B}, 'Ana')`);
    await run(sql`insert into services (id, business_id, name, duration_minutes) values ('svc_fk_1', ${B}, '{"en":"Cut"}'::jsonb, 30)`);
    await run(sql`insert into service_staff (business_id, service_id, staff_id) values (${B}, 'svc_fk_1', 'stf_fk_1')`);
    await run(sql`insert into appointments (id, business_id, service_id, staff_id, contact_id, start_at, end_at, buffer_end_at)
      values ('apt_fk_1', ${B}, 'svc_fk_1', 'stf_fk_1', 'ct_01RELANA', now(), now() + interval '30 minutes', now() + interval '30 minutes')`);
    // Issue 40 items 4-6: reminders, calendars and busy times, payments.
    await run(sql`insert into appointment_settings (business_id) values (${B})`);
    await run(sql`insert into appointment_reminders (appointment_id, business_id, outcome, due_at) values ('apt_fk_1', ${B}, 'sent', now())`);
    await run(sql`insert into staff_calendars (staff_id, business_id) values ('stf_fk_1', ${B})`);
    await run(
      sql`insert into staff_busy_times (business_id, staff_id, start_at, end_at) values (${B}, 'stf_fk_1', now(), now() + interval '1 hour')`,
    );
    await run(sql`insert into payment_settings (business_id, secret_key_enc, secret_key_hint, webhook_secret_enc, webhook_secret_hint, currency)
      values (${B}, 'enc', '1234', 'enc', '5678', 'EUR')`);
    await run(sql`insert into order_payments (id, business_id, record_id, provider, amount, currency, lines, expires_at)
      values ('pay_fk_1', ${B}, 'rec_01RELORDER', 'stripe', 3200, 'EUR', '[]'::jsonb, now() + interval '30 minutes')`);

    const tables = (
      await queryRows<{ table_name: string }>(
        db(),
        sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'business_id' order by table_name`,
      )
    ).map((r) => r.table_name);
    expect(tables.length).toBeGreaterThan(30);
    const owned = async (biz: string) => {
      const counts: Record<string, number> = {};
      for (const t of tables) counts[t] = await count(sql.raw(`select count(*)::int as n from "${t}" where business_id = '${biz}'`));
      return counts;
    };
    const before = await owned(B);
    // Every table holds a row of it before: the deletion below is then a real test of each cascade.
    expect(Object.entries(before).filter(([, n]) => n === 0)).toEqual([]);
    const otherBefore = await owned(O);

    await run(sql`delete from businesses where id = ${B}`);
    const after = await owned(B);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await owned(O)).toEqual(otherBefore);
  });
});
