// A copy of a business's rows under new ids: the conversation corpora set one business up through /v1
// (or the library) once per database, then give each conversation a copy of it, so that one customer's
// bookings, orders and stock never reach another's while the set-up (a sign-up, some thirty API calls,
// about 170 statements) is not repeated hundreds of times (issue 33: it was over half of each corpus's
// CPU). The copy is every row of every table that has a `business_id`, and the business itself, with
// each id in them replaced (inside JSON too: a skill's graph names its catalog items and staff by id),
// one read and one write; what a conversation leaves behind (jobs, events, webhook deliveries) is not
// set-up and is not copied.
import { randomBytes } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { type Db, db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { newId } from "@/lib/ids";
import { hashKey, KEY_PREFIX } from "@/lib/keys/api-keys";
import { own, type Shop } from "@/tests/assistant/harness";

// Log and work tables, not set-up: a template business is only ever set up, and a copy starts without them.
const NOT_COPIED = new Set([
  "jobs",
  "events",
  "audit_events",
  "idempotency_keys",
  "webhook_deliveries",
  "webhook_attempts",
  "inbound_unusable",
  "team_invites",
]);

type Table = { name: string; columns: string[] };
const layouts = new WeakMap<Db, Promise<Table[]>>();

/** The tables to copy, parents before children (the business first), each with the columns it is given. */
function layout(d: Db): Promise<Table[]> {
  let known = layouts.get(d);
  if (!known) {
    known = (async () => {
      const cols = await queryRows<{ table_name: string; column_name: string; serial: boolean }>(
        d,
        sql`select c.table_name, c.column_name, coalesce(c.column_default like 'nextval(%', false) as serial
            from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
            where c.table_schema = 'public' and t.table_type = 'BASE TABLE' order by c.table_name, c.ordinal_position`,
      );
      const byTable = new Map<string, { columns: string[]; scoped: boolean }>();
      for (const c of cols) {
        const t = byTable.get(c.table_name) ?? { columns: [], scoped: false };
        if (c.column_name === "business_id") t.scoped = true;
        // A serial id is the sequence's to give.
        if (!c.serial) t.columns.push(c.column_name);
        byTable.set(c.table_name, t);
      }
      const names = [...byTable].filter(([n, t]) => n === "businesses" || (t.scoped && !NOT_COPIED.has(n))).map(([n]) => n);
      const fks = await queryRows<{ child: string; parent: string }>(
        d,
        sql`select cl.relname as child, pl.relname as parent from pg_constraint k
            join pg_class cl on cl.oid = k.conrelid join pg_class pl on pl.oid = k.confrelid
            join pg_namespace n on n.oid = cl.relnamespace
            where k.contype = 'f' and n.nspname = 'public'`,
      );
      // Parents first: the write is one statement, but its parts read best in the order a person would insert.
      const ordered: string[] = [];
      const visit = (n: string, seen: Set<string>) => {
        if (ordered.includes(n) || seen.has(n)) return;
        seen.add(n);
        for (const fk of fks) if (fk.child === n && fk.parent !== n && names.includes(fk.parent)) visit(fk.parent, seen);
        ordered.push(n);
      };
      for (const n of names.sort()) visit(n, new Set());
      return ordered.map((name) => ({ name, columns: byTable.get(name)?.columns ?? [] }));
    })();
    layouts.set(d, known);
  }
  return known;
}

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

export type BusinessCopy = { businessId: string; id(old: string): string; key(old: string): string };

/** Copies business `sourceId` (its set-up: see the file's comment) and returns the copy's ids. */
export async function cloneBusiness(sourceId: string, d: Db = db()): Promise<BusinessCopy> {
  const tables = await layout(d);
  const read = sql.join(
    tables.map(
      (t) =>
        sql`select ${t.name}::text as t, coalesce(jsonb_agg(to_jsonb(x)), '[]'::jsonb)::text as rows from ${ident(t.name)} x where ${
          t.name === "businesses" ? sql`x.id` : sql`x.business_id`
        } = ${sourceId}`,
    ),
    sql` union all `,
  );
  const found = await queryRows<{ t: string; rows: string }>(d, read);
  const rows = new Map(found.map((f) => [f.t, JSON.parse(f.rows) as Array<Record<string, unknown>>]));
  if (!rows.get("businesses")?.length) throw new Error(`cloneBusiness: no business ${sourceId}`);

  // New ids in the order of the old ones (ids are time-sortable, and some lists are sorted by id).
  const olds = new Set<string>();
  for (const list of rows.values()) for (const r of list) if (typeof r.id === "string") olds.add(r.id);
  const ids = new Map<string, string>();
  for (const old of [...olds].sort()) {
    // An id of another shape is the business's own name for a row (a ready-made skill's `sk_booking`),
    // unique within the business only: the copy keeps it.
    const m = /^([a-z]+)_[0-9A-Z]{26}$/.exec(old);
    if (m) ids.set(old, newId(m[1] as Parameters<typeof newId>[0]));
  }
  const pattern = new RegExp([...ids.keys()].join("|"), "g");
  const swap = (text: string) => text.replace(pattern, (old) => ids.get(old) ?? old);

  // Each API key gets a new secret (only its hash is stored): `key` tells the copy's from the original's.
  const keys = new Map<string, string>();
  for (const r of rows.get("api_keys") ?? []) {
    const secret = KEY_PREFIX + randomBytes(24).toString("base64url").replace(/[-_]/g, "0").slice(0, 32);
    keys.set(String(r.hash), secret);
    r.hash = hashKey(secret);
    r.hint = secret.slice(-4);
  }
  // Values unique across businesses.
  for (const r of rows.get("businesses") ?? [])
    if (r.whatsapp_phone_number_id) r.whatsapp_phone_number_id = `${Date.now()}${randomBytes(3).readUIntBE(0, 3)}`;
  for (const r of rows.get("staff_calendars") ?? []) if (r.feed_token_hash) r.feed_token_hash = randomBytes(32).toString("hex");

  const writes: SQL[] = [];
  tables.forEach((t, i) => {
    const list = rows.get(t.name) ?? [];
    if (!list.length) return;
    const cols = sql.join(
      t.columns.map((c) => ident(c)),
      sql`, `,
    );
    writes.push(
      sql`${ident(`w${i}`)} as (insert into ${ident(t.name)} (${cols}) select ${cols} from jsonb_populate_recordset(null::${ident(t.name)}, ${swap(JSON.stringify(list))}::jsonb))`,
    );
  });
  // One statement: its foreign keys are checked at its end, whatever the order of its parts.
  await d.execute(sql`with ${sql.join(writes, sql`, `)} select 1`);

  const businessId = ids.get(sourceId) ?? sourceId;
  return {
    businessId,
    id: (old) => ids.get(old) ?? old,
    key: (old) => keys.get(hashKey(old)) ?? old,
  };
}

/**
 * A factory of shops alike: the first call sets one up with `make` as a template, kept unused; every
 * call returns a fresh copy of it (ids and the API key the copy's own), its jobs run by this file's worker.
 */
export function shopCopies<S extends Shop>(make: () => Promise<S>): () => Promise<S> {
  const templates = new WeakMap<Db, Promise<S>>();
  return async () => {
    const d = db();
    let template = templates.get(d);
    if (!template) {
      template = make();
      templates.set(d, template);
    }
    const t = await template;
    const copy = await cloneBusiness(t.businessId, d);
    own(copy.businessId);
    const remap = (v: unknown): unknown => {
      if (typeof v === "string") return v === t.key ? copy.key(v) : copy.id(v);
      if (Array.isArray(v)) return v.map(remap);
      if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, remap(x)]));
      return v;
    };
    return remap(t) as S;
  };
}
