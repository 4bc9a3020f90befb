import { sql } from "drizzle-orm";
import { encryptSecret } from "@/lib/crypto/secrets";
import { db } from "@/lib/db/client";
import { hashKey } from "@/lib/keys/api-keys";
import { scopes } from "@/lib/shared/scopes";

// A business's data as the last release (drizzle 0000-0007) stored it, written with SQL that schema
// accepts: tests/admin/upgrade.test.ts upgrades it, tests/admin/foreign-keys.test.ts deletes it.

export const B = "biz_01RELEASEDUPGRADE00000000";
export const KEY = "cak_live_ReleasedUpgradeKey0000000000000000";
export const T0 = "2026-03-01T10:00:00.000Z";
export const T1 = "2026-03-01T10:05:00.000Z";
const graph = {
  nodes: [
    { id: "start", type: "start", data: {} },
    { id: "bye", type: "end", data: {} },
  ],
  edges: [{ id: "e1", source: "start", target: "bye" }],
};

async function run(query: ReturnType<typeof sql>) {
  await db().execute(query);
}

export async function fillReleasedSchema() {
  const j = (v: unknown) => JSON.stringify(v);
  await run(sql`insert into businesses (id, name, time_zone, token_balance, whatsapp_phone_number_id, whatsapp_display_number, whatsapp_access_token_enc, created_at)
    values (${B}, 'Casa Lola', 'Europe/Madrid', 4200, '1098765', '+34 600 000 000', ${encryptSecret("EAAG-released")}, ${T0})`);
  await run(sql`insert into assistants (id, business_id, name, language, instructions, created_at, updated_at)
    values ('asst_01REL', ${B}, 'Lola', 'es', 'Be brief.', ${T0}, ${T0})`);
  await run(sql`insert into users (id, business_id, email, name, password_hash, role, session_version, created_at)
    values ('usr_01RELOWNER', ${B}, 'owner@lola.test', 'Owner', '$2a$10$abcdefghijklmnopqrstuv', 'owner', 0, ${T0}),
           ('usr_01RELAGENT', ${B}, 'agent@lola.test', 'Agent', '$2a$10$abcdefghijklmnopqrstuv', 'agent', 2, ${T0})`);
  await run(sql`insert into api_keys (id, business_id, name, hash, hint, scopes, created_at)
    values ('key_01REL', ${B}, 'released', ${hashKey(KEY)}, ${KEY.slice(-4)}, ${`{${scopes.join(",")}}`}::text[], ${T0})`);
  await run(sql`insert into contacts (id, business_id, phone, name, tags, metadata, channel, created_at, updated_at)
    values ('ct_01RELANA', ${B}, '+34600111222', 'Ana', '{vip,es}'::text[], ${j({ source: "import" })}::jsonb, 'whatsapp', ${T0}, ${T1}),
           ('ct_01RELBEN', ${B}, '+34600333444', null, '{}'::text[], '{}'::jsonb, 'sandbox', ${T0}, ${T0})`);
  await run(sql`insert into conversations (id, business_id, contact_id, status, assignee_id, handoff_reason, last_inbound_at, last_message_at, tokens_used, misses, language, created_at, updated_at)
    values ('conv_01RELANA', ${B}, 'ct_01RELANA', 'handoff', 'usr_01RELAGENT', 'asked for a person', ${T0}, ${T1}, 321, 1, 'es', ${T0}, ${T1}),
           ('conv_01RELBEN', ${B}, 'ct_01RELBEN', 'closed', null, null, ${T0}, ${T0}, 0, 0, null, ${T0}, ${T0})`);
  await run(sql`insert into messages (id, business_id, conversation_id, contact_id, direction, source, type, text, status, channel, channel_message_id, channel_timestamp, tokens, created_at)
    values ('msg_01RELIN', ${B}, 'conv_01RELANA', 'ct_01RELANA', 'inbound', 'customer', 'text', 'Hola, mesa para 4?', 'received', 'whatsapp', 'wamid.REL1', ${T0}, 0, ${T0}),
           ('msg_01RELOUT', ${B}, 'conv_01RELANA', 'ct_01RELANA', 'outbound', 'assistant', 'text', 'Claro, ¿a qué hora?', 'read', 'whatsapp', 'wamid.REL2', ${T1}, 321, ${T1})`);
  await run(sql`insert into messages (id, business_id, conversation_id, contact_id, direction, source, type, text, template, status, error, channel, created_at)
    values ('msg_01RELTPL', ${B}, 'conv_01RELBEN', 'ct_01RELBEN', 'outbound', 'campaign', 'template', 'Promo', ${j({ name: "promo", language: "es", variables: ["Ben"] })}::jsonb, 'failed',
      ${j({ code: "recipient_unreachable", message: "Not on WhatsApp", channelCode: 131026 })}::jsonb, 'sandbox', ${T0})`);
  await run(sql`insert into records (id, business_id, collection, fields, conversation_id, contact_id, status, created_at)
    values ('rec_01RELBOOK', ${B}, 'bookings', ${j({ partySize: 4, date: "2026-03-02", time: "20:00" })}::jsonb, 'conv_01RELANA', 'ct_01RELANA', 'confirmed', ${T1}),
           ('rec_01RELORDER', ${B}, 'orders', ${j({ items: [{ title: "Paella", quantity: 2 }], total: 3200 })}::jsonb, 'conv_01RELANA', 'ct_01RELANA', 'confirmed', ${T1})`);
  await run(sql`insert into skills (business_id, id, assistant_id, name, enabled, graph, version, created_at, updated_at)
    values (${B}, 'sk_hello', 'asst_01REL', 'Hello', true, ${j(graph)}::jsonb, 2, ${T0}, ${T1})`);
  await run(sql`insert into skill_versions (business_id, skill_id, version, graph, created_at)
    values (${B}, 'sk_hello', 1, ${j(graph)}::jsonb, ${T0}), (${B}, 'sk_hello', 2, ${j(graph)}::jsonb, ${T1})`);
  await run(sql`insert into skill_sessions (conversation_id, business_id, skill_id, version, node_id, variables, expires_at, created_at, updated_at)
    values ('conv_01RELANA', ${B}, 'sk_hello', 2, 'start', ${j({ name: "Ana" })}::jsonb, '2026-03-02T10:00:00Z', ${T0}, ${T0})`);
  await run(sql`insert into catalog_items (id, business_id, collection, external_id, title, price_amount, price_currency, in_stock, description, metadata, created_at, updated_at)
    values ('cat_01RELPAELLA', ${B}, 'menu', 'paella', 'Paella', 1600, 'EUR', true, 'Valenciana', ${j({ spicy: false })}::jsonb, ${T0}, ${T0})`);
  await run(sql`insert into templates (id, business_id, name, language, category, body, status, created_at, updated_at)
    values ('tpl_01RELPROMO', ${B}, 'promo', 'es', 'marketing', 'Hola {{1}}, ¡oferta!', 'approved', ${T0}, ${T0})`);
  await run(sql`insert into webhook_endpoints (id, business_id, url, events, enabled, secret_enc, created_at, updated_at)
    values ('we_01RELHOOK', ${B}, 'https://hooks.lola.test/convo', '{message.received,record.created}'::text[], true, ${encryptSecret("whsec_released")}, ${T0}, ${T0})`);
  await run(sql`insert into events (id, business_id, type, payload, created_at)
    values ('evt_01RELREC', ${B}, 'record.created', ${j({ recordId: "rec_01RELBOOK" })}::jsonb, ${T1})`);
  await run(sql`insert into webhook_deliveries (id, business_id, endpoint_id, event_id, event_type, status, attempts, last_status_code, created_at, updated_at)
    values ('whd_01RELDEL', ${B}, 'we_01RELHOOK', 'evt_01RELREC', 'record.created', 'succeeded', 2, 200, ${T1}, ${T1})`);
  await run(sql`insert into webhook_attempts (id, business_id, delivery_id, endpoint_id, status_code, duration_ms, created_at)
    values ('wha_01RELA1', ${B}, 'whd_01RELDEL', 'we_01RELHOOK', 500, 40, ${T1}), ('wha_01RELA2', ${B}, 'whd_01RELDEL', 'we_01RELHOOK', 200, 35, ${T1})`);
  await run(sql`insert into campaigns (id, business_id, name, template_name, template_language, variables, audience, status, started_at, completed_at, created_at, updated_at)
    values ('cmp_01RELSPRING', ${B}, 'Spring', 'promo', 'es', ${j(["{{name|amigo}}"])}::jsonb, ${j({ tags: { any: ["vip"] } })}::jsonb, 'completed', ${T0}, ${T1}, ${T0}, ${T1})`);
  await run(sql`insert into campaign_recipients (campaign_id, business_id, contact_id, phone, name, variables, status, message_id, attempts, sent_at, updated_at)
    values ('cmp_01RELSPRING', ${B}, 'ct_01RELANA', '+34600111222', 'Ana', ${j(["Ana"])}::jsonb, 'sent', null, 1, ${T1}, ${T1}),
           ('cmp_01RELSPRING', ${B}, 'ct_01RELBEN', '+34600333444', null, ${j(["amigo"])}::jsonb, 'failed', 'msg_01RELTPL', 1, null, ${T1})`);
  await run(sql`insert into campaign_opt_outs (business_id, contact_id, opted_out, source, language, updated_at)
    values (${B}, 'ct_01RELBEN', true, 'customer', 'es', ${T1})`);
  await run(sql`insert into token_ledger (id, business_id, kind, tokens, message_id, conversation_id, created_at)
    values ('tok_01RELGRANT', ${B}, 'grant', 4521, null, null, ${T0}), ('tok_01RELUSE', ${B}, 'usage', -321, 'msg_01RELOUT', 'conv_01RELANA', ${T1})`);
  await run(sql`insert into knowledge_items (id, business_id, assistant_id, title, content, created_at, updated_at)
    values ('kn_01RELHOURS', ${B}, 'asst_01REL', 'Hours', 'Open 13-16 and 20-24.', ${T0}, ${T0})`);
  await run(sql`insert into jobs (queue, payload, business_id, order_key, status, run_at, attempts, created_at)
    values ('webhooks.deliver', ${j({ deliveryId: "whd_01RELDEL", businessId: B })}::jsonb, ${B}, null, 'failed', ${T1}, 10, ${T1})`);
}
