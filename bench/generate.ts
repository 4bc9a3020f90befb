// Fills a dedicated Postgres database with one large business and 20 small ones beside it, with bulk
// INSERT ... SELECT generate_series statements (secondary indexes dropped during the load and rebuilt
// after). Businesses, keys and templates are made with the real lib/ functions. The same statements fill
// the embedded database (PGlite) for its phase, at a fraction of the size (`generateEmbedded`).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import type { Db, DbHandle } from "../lib/db/client";
import { encodeCursor } from "../lib/pagination";

export const MAIN = { contacts: 100_000, conversations: 50_000, messages: 1_000_000, catalog: 50_000, records: 100_000, ledger: 100_000 };
export const SMALL = { count: 20, contacts: 1_000, conversations: 500, messages: 5_000, catalog: 500, records: 1_000, ledger: 500 };
/** Messages of the one long conversation the deep-page scenario reads (the rest are spread evenly). */
export const FIREHOSE_MESSAGES = 600_000;
export const DEEP_OFFSET = 500_000;
/** Conversations whose customer wrote an hour ago: POST /v1/messages to them is inside the window. */
export const HOT_CONVERSATIONS = 1_000;

export type BenchKey = { businessId: string; key: string };
export type BenchMeta = {
  main: BenchKey & { assistantId: string };
  /** The data set's size as a fraction of the full one: 1 on Postgres, 1/10 by default on PGlite. */
  scale?: number;
  /** How deep the deep page starts (DEEP_OFFSET times the scale). */
  deepOffset?: number;
  small: BenchKey[];
  firehoseConversationId: string;
  deepCursor: string;
  hotPhones: string[];
  searchTerm: string;
  template: { name: string; language: string; variables: number };
  counts: Record<string, number>;
  generatedAt: string;
  generateSeconds: number;
  /** The migrations the data set was made with: other migrations mean generating it again. */
  schemaHash: string;
};

export function schemaHash(): string {
  const dir = path.resolve(__dirname, "..", "drizzle");
  const hash = createHash("sha256");
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort())
    hash.update(fs.readFileSync(path.join(dir, file)));
  return hash.digest("hex").slice(0, 16);
}

const DAY = 86_400_000;
const FIRST = [
  "maria",
  "joao",
  "ana",
  "pedro",
  "ada",
  "grace",
  "alan",
  "linus",
  "sofia",
  "lucas",
  "emma",
  "noah",
  "olivia",
  "liam",
  "mia",
  "ethan",
  "ava",
  "leo",
  "zoe",
  "ines",
  "rui",
  "marta",
  "tiago",
  "rita",
  "hugo",
  "beatriz",
  "diogo",
  "carla",
  "nuno",
  "sara",
  "omar",
  "yara",
  "ivan",
  "nina",
  "karl",
  "lena",
  "jonas",
  "elif",
  "mehmet",
  "aiko",
  "kenji",
  "priya",
  "arjun",
  "chen",
  "wei",
  "fatima",
  "amir",
  "chloe",
  "jules",
  "maya",
];
const SYLLABLES_A = [
  "sil",
  "cos",
  "per",
  "mar",
  "fer",
  "rod",
  "gon",
  "alv",
  "lop",
  "mend",
  "sant",
  "oli",
  "cost",
  "pint",
  "carv",
  "teix",
  "mor",
  "fon",
  "rib",
  "nun",
];
const SYLLABLES_B = ["va", "ta", "eira", "tins", "reira", "rigues", "calves", "es", "dos", "inho"];
const LAST = SYLLABLES_A.flatMap((a) => SYLLABLES_B.map((b) => a + b));

const ALPHABET = "'0123456789ABCDEFGHJKMNPQRSTVWXYZ'";
const char = (expr: string) => `substr(${ALPHABET}, ((${expr}) & 31)::int + 1, 1)`;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
// `<prefix>_<26 Crockford chars>`: 10 for the millisecond time like a ULID, then a stream and a counter.
const ID_FUNCTION = `create or replace function bench_id(p text, ms bigint, s bigint, n bigint) returns text
  language sql immutable parallel safe as $$ select p || '_' || ${[
    ...range(10).map((i) => char(`ms >> ${45 - 5 * i}`)),
    ...range(4).map((i) => char(`s >> ${15 - 5 * i}`)),
    ...range(12).map((i) => char(`n >> ${55 - 5 * i}`)),
  ].join(" || ")} $$`;

const BULK_TABLES = ["contacts", "conversations", "messages", "records", "catalog_items", "token_ledger", "conversation_transitions"];
const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s}'`).join(",")}]`;

type Sizes = typeof MAIN & { firehose: number; hot: number; phonePrefix: string };
type Row = Record<string, any>;
/** What the fill needs of a driver: postgres.js's `sql.unsafe`, or the same over PGlite. */
type Exec = { unsafe(text: string, params?: unknown[]): PromiseLike<readonly Row[]> };

async function fillBusiness(sql: Exec, businessId: string, stream: number, n: Sizes, now: number) {
  const p = { biz: businessId, s: stream };
  const spread = (from: number, to: number, count: number) => ({ t0: from, step: Math.max(1, Math.floor((to - from) / count)) });

  const c = spread(now - 365 * DAY, now - 2 * DAY, n.contacts);
  await sql.unsafe(
    `insert into contacts (id, business_id, phone, name, tags, channel, created_at, updated_at)
     select bench_id('ct', ms, $2, i), $1, $3 || lpad(i::text, 7, '0'),
       initcap((${sqlArray(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}]),
       case when i % 10 = 0 then '{vip}'::text[] when i % 7 = 0 then '{wholesale}'::text[] else '{}'::text[] end,
       'whatsapp', to_timestamp(ms / 1000.0), to_timestamp(ms / 1000.0)
     from (select i, $4::bigint + i * $5::bigint as ms from generate_series(1, $6::int) i) g`,
    [p.biz, p.s, n.phonePrefix, c.t0, c.step, n.contacts],
  );

  // A year of history: conversations spread over it, each one's messages a few minutes apart after it
  // opened. The newest HOT conversations have a customer message from an hour ago (inside the window).
  const v = spread(now - 365 * DAY, now - DAY, n.conversations);
  const hotFrom = n.conversations - n.hot + 1;
  await sql.unsafe(
    `insert into conversations (id, business_id, contact_id, status, last_inbound_at, created_at, updated_at)
     select bench_id('conv', ms, $2, j), $1, c.id,
       case when j = 1 or j >= $5 then 'open' when j % 10 = 0 then 'handoff' when j % 10 in (1, 2) then 'closed' else 'open' end,
       case when j >= $5 then now() - interval '1 hour' else to_timestamp(ms / 1000.0) + interval '5 minutes' end,
       to_timestamp(ms / 1000.0), to_timestamp(ms / 1000.0)
     from (select id, row_number() over (order by created_at, id) as j from contacts where business_id = $1) c
     cross join lateral (select $3::bigint + c.j * $4::bigint as ms) t
     where c.j <= $6`,
    [p.biz, p.s, v.t0, v.step, hotFrom, n.conversations],
  );

  // The firehose (conversation 1, the deep-page scenario's) gets its share spread over the year; the
  // others get theirs round-robin, ten minutes apart from when they opened.
  const m = spread(now - 365 * DAY, now - 60_000, n.firehose || 1);
  const others = n.conversations - (n.firehose > 0 ? 1 : 0);
  await sql.unsafe(
    `insert into messages (id, business_id, conversation_id, contact_id, direction, source, type, text, status, channel, created_at)
     select bench_id('msg', g.ms, $2, g.k), $1, c.id, c.contact_id,
       case when g.k % 3 = 0 then 'inbound' else 'outbound' end,
       case g.k % 6 when 0 then 'customer' when 3 then 'customer' when 1 then 'assistant' when 4 then 'assistant' when 2 then 'agent' else 'api' end,
       'text', 'Message number ' || g.k || ' of the benchmark data set.',
       case when g.k % 3 = 0 then 'received' else 'delivered' end, 'whatsapp', to_timestamp(g.ms / 1000.0)
     from (select k, (k - $5::int - 1) / $6::int as seq,
             case when k <= $5::int then 1 when $5::int > 0 then 2 + (k - $5::int - 1) % $6::int else 1 + (k - 1) % $6::int end as j
           from generate_series(1, $7::int) k) q
     join (select id, contact_id, created_at, row_number() over (order by created_at, id) as j from conversations where business_id = $1) c on c.j = q.j
     cross join lateral (select q.k, case when q.k <= $5::int then $3::bigint + q.k * $4::bigint
       else (extract(epoch from c.created_at) * 1000)::bigint + q.seq * 600000 end as ms) g`,
    [p.biz, p.s, m.t0, m.step, n.firehose, others, n.messages],
  );
  await sql.unsafe(
    `update conversations c set last_message_at = m.at, updated_at = m.at
     from (select conversation_id, max(created_at) as at from messages where business_id = $1 group by 1) m
     where c.id = m.conversation_id`,
    [p.biz],
  );
  await sql.unsafe(
    `insert into conversation_transitions (id, business_id, conversation_id, from_status, to_status, reason, actor, created_at)
     select bench_id('trn', (extract(epoch from coalesce(last_message_at, created_at)) * 1000)::bigint, $2, row_number() over ()),
       $1, id, 'open', status, case when status = 'handoff' then 'customer asked for a person' end, 'assistant', coalesce(last_message_at, created_at)
     from conversations where business_id = $1 and status <> 'open'`,
    [p.biz, p.s],
  );
  // Half the closed conversations were rated (issue 36), two minutes after they closed: the reports' satisfaction.
  await sql.unsafe(
    `update conversations set rating_asked_at = coalesce(last_message_at, created_at),
       rated_at = coalesce(last_message_at, created_at) + interval '2 minutes', rating = 1 + abs(hashtext(id)) % 5
     where business_id = $1 and status = 'closed' and hashtext(id) % 2 = 0`,
    [p.biz],
  );

  const r = spread(now - 365 * DAY, now - 60_000, n.records);
  await sql.unsafe(
    `insert into records (id, business_id, collection, fields, conversation_id, contact_id, created_at)
     select bench_id('rec', g.ms, $2, g.k), $1, (array['orders','bookings','leads'])[1 + g.k % 3],
       jsonb_build_object('item', 'Item ' || g.k, 'quantity', 1 + g.k % 5, 'note', 'generated'), c.id, c.contact_id, to_timestamp(g.ms / 1000.0)
     from (select k, $3::bigint + k * $4::bigint as ms, 1 + k % $5 as j from generate_series(1, $6::int) k) g
     join (select id, contact_id, row_number() over (order by created_at, id) as j from conversations where business_id = $1) c on c.j = g.j`,
    [p.biz, p.s, r.t0, r.step, n.conversations, n.records],
  );

  const k = spread(now - 180 * DAY, now - DAY, n.catalog);
  await sql.unsafe(
    `insert into catalog_items (id, business_id, collection, external_id, title, price_amount, price_currency, in_stock, description, created_at, updated_at)
     select bench_id('cat', ms, $2, i), $1, (array['menu','drinks','desserts','specials','merch'])[1 + i % 5], 'sku-' || i,
       'Product ' || i, (i % 5000) * 10, 'EUR', i % 13 <> 0, 'A generated catalog item.', to_timestamp(ms / 1000.0), to_timestamp(ms / 1000.0)
     from (select i, $3::bigint + i * $4::bigint as ms from generate_series(1, $5::int) i) g`,
    [p.biz, p.s, k.t0, k.step, n.catalog],
  );

  const l = spread(now - 365 * DAY, now - 60_000, n.ledger);
  await sql.unsafe(
    `insert into token_ledger (id, business_id, kind, tokens, created_at)
     select bench_id('led', ms, $2, i), $1, 'usage', -(50 + i % 200), to_timestamp(ms / 1000.0)
     from (select i, $3::bigint + i * $4::bigint as ms from generate_series(1, $5::int) i) g`,
    [p.biz, p.s, l.t0, l.step, n.ledger],
  );
}

async function recreateDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`refusing to recreate database ${name}`);
  const admin = postgres(url.replace(/\/[^/]*$/, "/postgres"), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
}

/** Reads what a previous run generated, or null when the database has no data set. */
export async function readMeta(url: string): Promise<BenchMeta | null> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await metaOf(sql);
  } finally {
    await sql.end();
  }
}

async function metaOf(sql: Exec): Promise<BenchMeta | null> {
  try {
    const [row] = await sql.unsafe("select value from bench_meta where key = 'meta'");
    return (row?.value as BenchMeta) ?? null;
  } catch {
    return null;
  }
}

export async function generate(url: string, log: (line: string) => void = console.log): Promise<BenchMeta> {
  const started = Date.now();
  await recreateDatabase(url);
  process.env.DATABASE_URL = url;
  const { migrate } = await import("../lib/db/migrate");
  const { db, closeDb } = await import("../lib/db/client");
  await migrate();
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await fill({ db: db(), closeDb, sql, scale: 1, maintenanceWorkMem: "512MB", started, log });
  } finally {
    await sql.end();
  }
}

/** postgres.js's `sql.unsafe` over PGlite: the simple protocol without parameters (vacuum, DDL), else the extended one. */
export function embeddedExec(handle: DbHandle): Exec {
  return {
    async unsafe(text, params) {
      const pg = handle.pglite;
      if (!pg) throw new Error("not an embedded database");
      if (params?.length) return (await pg.query<Row>(text, params)).rows;
      const results = await pg.exec(text);
      return (results[results.length - 1]?.rows ?? []) as Row[];
    },
  };
}

/** Reads the data set a previous run left in an embedded database (open on `handle`), or null. */
export const readEmbeddedMeta = (handle: DbHandle) => metaOf(embeddedExec(handle));

/**
 * The data set in an embedded database (PGlite) on `dir`, at `scale` of the full size (the main
 * business's rows, the deep page's depth, the hot conversations and the number of small businesses),
 * the directory emptied first. Opens and closes the database itself: PGlite allows one process per
 * directory, so no server may hold it meanwhile.
 */
export async function generateEmbedded(dir: string, scale: number, log: (line: string) => void = console.log): Promise<BenchMeta> {
  const started = Date.now();
  fs.rmSync(dir, { recursive: true, force: true });
  const client = await import("../lib/db/client");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const handle = client.openPglite(dir);
  try {
    await migrate(handle.db as any, { migrationsFolder: path.resolve(__dirname, "..", "drizzle") });
    return await fill({ db: handle.db, closeDb: async () => {}, sql: embeddedExec(handle), scale, maintenanceWorkMem: "128MB", started, log });
  } finally {
    await handle.close();
  }
}

async function fill(opts: {
  db: Db;
  /** Closes the app's own handle once the businesses are made (Postgres: the rest runs on `sql`). */
  closeDb: () => Promise<void>;
  sql: Exec;
  scale: number;
  maintenanceWorkMem: string;
  started: number;
  log: (line: string) => void;
}): Promise<BenchMeta> {
  const { db, sql, scale, started, log } = opts;
  const { createBusiness } = await import("../lib/businesses/businesses");
  const { createApiKey } = await import("../lib/keys/api-keys");
  const { upsertTemplate } = await import("../lib/channels");
  const scaled = (n: number) => Math.max(1, Math.round(n * scale));
  const mainSizes = Object.fromEntries(Object.entries(MAIN).map(([k, v]) => [k, scaled(v)])) as typeof MAIN;
  const deepOffset = scaled(DEEP_OFFSET);
  const smallCount = scaled(SMALL.count);

  const make = async (name: string) => {
    const { businessId, assistantId } = await createBusiness(db, { name, tokens: 1_000_000_000 });
    const { key } = await createApiKey(db, businessId, { scopes: "all", name: "bench" });
    await upsertTemplate(db, businessId, {
      name: "order_update",
      language: "en",
      category: "utility",
      body: "Hi {{1}}, your order {{2}} is on its way.",
    });
    return { businessId, assistantId, key };
  };
  const main = await make("Bench Main Co");
  const small: BenchKey[] = [];
  for (let i = 1; i <= smallCount; i++) {
    const b = await make(`Bench Small ${i}`);
    small.push({ businessId: b.businessId, key: b.key });
  }
  await opts.closeDb();

  await sql.unsafe("set synchronous_commit = off");
  await sql.unsafe(`set maintenance_work_mem = '${opts.maintenanceWorkMem}'`);
  await sql.unsafe(ID_FUNCTION);
  const indexes = (await sql.unsafe(
    `select indexname, indexdef from pg_indexes
     where schemaname = 'public' and tablename in (${BULK_TABLES.map((t) => `'${t}'`).join(", ")}) and indexname not like '%_pkey'`,
  )) as { indexname: string; indexdef: string }[];
  for (const ix of indexes) await sql.unsafe(`drop index "${ix.indexname}"`);
  log(`  schema ready, ${indexes.length} secondary indexes dropped for the load (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  const now = Date.now();
  await fillBusiness(
    sql,
    main.businessId,
    1,
    { ...mainSizes, firehose: scaled(FIREHOSE_MESSAGES), hot: scaled(HOT_CONVERSATIONS), phonePrefix: "+1555" },
    now,
  );
  log(`  main business filled (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const [i, b] of small.entries()) {
    await fillBusiness(sql, b.businessId, 2 + i, { ...SMALL, firehose: 0, hot: 10, phonePrefix: `+44${String(10 + i)}` }, now);
  }
  log(`  ${small.length} small businesses filled (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  for (const ix of indexes) await sql.unsafe(ix.indexdef);
  await sql.unsafe("drop function bench_id(text, bigint, bigint, bigint)");
  log(`  indexes rebuilt (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const t of BULK_TABLES) await sql.unsafe(`vacuum analyze ${t}`);

  const [fire] = await sql.unsafe(
    `select c.id from conversations c join contacts ct on ct.id = c.contact_id
     where c.business_id = $1 and ct.phone = '+15550000001'`,
    [main.businessId],
  );
  const [deep] = await sql.unsafe(
    `select created_at, id from messages where conversation_id = $1
     order by created_at desc, id desc offset $2::int limit 1`,
    [fire.id, deepOffset],
  );
  const hot = await sql.unsafe(
    `select ct.phone from conversations c join contacts ct on ct.id = c.contact_id
     where c.business_id = $1 and c.last_inbound_at > now() - interval '2 hours' order by ct.phone`,
    [main.businessId],
  );
  const counts: Record<string, number> = {};
  for (const t of BULK_TABLES) {
    const [row] = await sql.unsafe(`select count(*)::int as n from ${t} where business_id = $1`, [main.businessId]);
    counts[t] = row.n;
  }
  const meta: BenchMeta = {
    main,
    small,
    scale,
    deepOffset,
    firehoseConversationId: fire.id,
    deepCursor: encodeCursor({ createdAt: deep.created_at, id: deep.id }),
    hotPhones: hot.map((r) => r.phone as string),
    searchTerm: "maria",
    template: { name: "order_update", language: "en", variables: 2 },
    counts,
    generatedAt: new Date().toISOString(),
    generateSeconds: Math.round((Date.now() - started) / 100) / 10,
    schemaHash: schemaHash(),
  };
  await sql.unsafe("create table bench_meta (key text primary key, value jsonb not null)");
  // Through text: postgres.js would encode a string given for a jsonb parameter as a JSON string.
  await sql.unsafe("insert into bench_meta (key, value) values ('meta', $1::text::jsonb)", [JSON.stringify(meta)]);
  log(`  data set generated in ${meta.generateSeconds} s: ${JSON.stringify(counts)}`);
  return meta;
}
