// The floor: each benchmark scenario's data work as plain SQL on the postgres driver, with no key,
// rate limit, scope, validation or tenancy check. The node:http floor and the bare Next app both
// call this one module, so both floors run exactly the same statements.
import { monotonicFactory } from "ulid";
import type postgres from "postgres";

export type FloorRequest = { method: string; pathname: string; search: URLSearchParams; body: string | null };
export type FloorResponse = { status: number; body: unknown };
type Row = Record<string, any>;

const ulid = monotonicFactory();
const id = (prefix: string) => `${prefix}_${ulid()}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const cursorOf = (row: Row) => Buffer.from(`${(row.created_at as Date).getTime()}.${row.id}`).toString("base64url");
const page = (rows: Row[], limit: number, view: (r: Row) => unknown) => {
  const more = rows.length > limit;
  const slice = more ? rows.slice(0, limit) : rows;
  return { data: slice.map(view), nextCursor: more ? cursorOf(slice[slice.length - 1]) : null };
};
const decode = (cursor: string) => {
  const [ms, rowId] = Buffer.from(cursor, "base64url").toString("utf8").split(".");
  return { at: new Date(Number(ms)), id: rowId };
};

// The views give the contract's shapes, field for field, so both sides answer the same bytes: a floor
// that left fields out would measure a smaller answer, not a faster stack. What the floor skips is work
// our answers do that the bench's pages never need: media links are not signed (url null) and authors'
// names are not looked up (the measured pages hold no media and no agent replies).
const messageView = (m: Row) => ({
  id: m.id,
  conversationId: m.conversation_id,
  direction: m.direction,
  source: m.source,
  type: m.type,
  text: m.text,
  status: m.status,
  template: m.template ?? null,
  error: m.error ?? null,
  media: m.media
    ? {
        type: m.media.kind,
        status: m.media.status,
        mimeType: m.media.mimeType,
        size: m.media.size,
        filename: m.media.filename,
        caption: m.media.caption,
        url: null,
        transcript: m.media.transcript ?? null,
      }
    : null,
  location:
    m.type === "location" && m.content
      ? {
          latitude: Number(m.content.latitude),
          longitude: Number(m.content.longitude),
          name: m.content.name ?? null,
          address: m.content.address ?? null,
        }
      : null,
  reactions: { customer: m.reactions?.customer ?? null, business: m.reactions?.business ?? null },
  author: m.user_id ? { id: m.user_id, name: null } : null,
  createdAt: iso(m.created_at),
});
const conversationView = (c: Row) => ({
  id: c.id,
  contactId: c.contact_id,
  status: c.status,
  lastInboundAt: iso(c.last_inbound_at),
  assigneeId: c.assignee_id,
  waitingSince: iso(c.waiting_since),
  tokensUsed: Number(c.tokens_used),
  createdAt: iso(c.created_at),
  updatedAt: iso(c.updated_at),
});
const contactView = (c: Row) => ({
  id: c.id,
  phone: c.phone,
  name: c.name,
  tags: c.tags,
  metadata: c.metadata,
  createdAt: iso(c.created_at),
  updatedAt: iso(c.updated_at),
});

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** One function per scenario; `createFloor` routes the benchmark's requests to them. */
export function floorScenarios(sql: postgres.Sql, businessId: string) {
  return {
    async messagesPage(conversationId: string, limit: number, before: string | null) {
      const c = before ? decode(before) : null;
      // The columns our message page selects (lib/messages/messages.ts): the same statement on both sides.
      const rows = await sql`select id, business_id, conversation_id, direction, source, type, text, status, template, error, media,
          content, reactions, user_id, created_at
        from messages where conversation_id = ${conversationId} and business_id = ${businessId}
        ${c ? sql`and (created_at, id) < (${c.at.toISOString()}::timestamptz, ${c.id})` : sql``}
        order by created_at desc, id desc limit ${limit + 1}`;
      return page(rows, limit, messageView);
    },

    async conversationsByStatus(status: string, limit: number) {
      const rows = await sql`select * from conversations where business_id = ${businessId} and status = ${status}
        order by created_at desc, id desc limit ${limit + 1}`;
      return page(rows, limit, conversationView);
    },

    async contactsSearch(search: string, limit: number) {
      const like = `%${search}%`;
      const rows = await sql`select * from contacts where business_id = ${businessId} and (name ilike ${like} or phone ilike ${like})
        order by created_at desc, id desc limit ${limit + 1}`;
      return page(rows, limit, contactView);
    },

    async sendText(to: string, text: string): Promise<FloorResponse> {
      return sql.begin(async (tx) => {
        const [target] = await tx`select ct.id as contact_id, c.id as conversation_id, c.last_inbound_at from contacts ct
          join conversations c on c.business_id = ct.business_id and c.contact_id = ct.id and c.status <> 'closed'
          where ct.business_id = ${businessId} and ct.phone = ${to}`;
        if (!target?.last_inbound_at || Date.now() - target.last_inbound_at.getTime() >= DAY) {
          return { status: 422, body: { error: { code: "outside_messaging_window" } } };
        }
        const [m] = await tx`insert into messages (id, business_id, conversation_id, contact_id, direction, source, type, text, status, channel)
          values (${id("msg")}, ${businessId}, ${target.conversation_id}, ${target.contact_id}, 'outbound', 'api', 'text', ${text}, 'queued', 'whatsapp')
          returning id, created_at`;
        await tx`update conversations set last_message_at = ${m.created_at}, updated_at = now() where id = ${target.conversation_id}`;
        await tx`with j as (insert into jobs (queue, payload, order_key, max_attempts)
          values ('messages.deliver', ${sql.json({ messageId: m.id, businessId })}, ${target.conversation_id}, 12) returning queue)
          select pg_notify('convo_jobs', queue) from j`;
        return { status: 200, body: { id: m.id, status: "queued", conversationId: target.conversation_id, createdAt: iso(m.created_at) } };
      });
    },

    async upsertContact(input: { phone: string; name?: string; tags?: string[] }) {
      return sql.begin(async (tx) => {
        const [row] = await tx`insert into contacts (id, business_id, phone, name, tags)
          values (${id("ct")}, ${businessId}, ${input.phone}, ${input.name ?? null}, ${input.tags ?? []})
          on conflict (business_id, phone) do update set name = excluded.name, tags = excluded.tags, updated_at = now()
          returning *, (xmax = 0) as inserted`;
        if (row.inserted) {
          const eventId = id("evt");
          const payload = { id: eventId, type: "contact.created", createdAt: new Date().toISOString(), contact: contactView(row) };
          await tx`insert into events (id, business_id, type, payload) values (${eventId}, ${businessId}, 'contact.created', ${sql.json(payload)})`;
          await tx`with j as (insert into jobs (queue, payload) values ('events.dispatch', ${sql.json({ eventId, businessId })}) returning queue)
            select pg_notify('convo_jobs', queue) from j`;
        }
        return contactView(row);
      });
    },

    async upsertCatalog(collection: string, items: Row[]) {
      const now = new Date();
      const rows = items.map((item) => ({
        id: id("cat"),
        business_id: businessId,
        collection,
        external_id: item.externalId,
        title: item.title,
        price_amount: item.price?.amount ?? null,
        price_currency: item.price?.currency ?? null,
        in_stock: item.inStock ?? true,
        description: item.description ?? null,
        image_url: item.imageUrl ?? null,
        metadata: item.metadata ?? null,
        created_at: now,
        updated_at: now,
      }));
      const written = await sql`insert into catalog_items ${sql(rows)}
        on conflict (business_id, collection, external_id) do update set title = excluded.title, price_amount = excluded.price_amount,
          price_currency = excluded.price_currency, in_stock = excluded.in_stock, description = excluded.description,
          image_url = excluded.image_url, metadata = excluded.metadata, updated_at = excluded.updated_at
        returning id`;
      return { upserted: written.length, collection };
    },

    async analyticsSummary(days: number) {
      const to = new Date();
      const from = new Date(to.getTime() - days * DAY);
      // As lib/analytics/rollups.ts: the whole UTC hours from the hourly rollups, the partial hours at the
      // window's ends from the raw rows ([from, to] both included: to + 1 ms, excluded), or, when the rest
      // of an end's hour can hold fewer rows (a start: most of its hour; the end at now: always), that
      // hour's rollup less the raw rows of the rest of it (signed windows).
      const end = to.getTime() + 1;
      let first = Math.ceil(from.getTime() / HOUR) * HOUR;
      let last = Math.floor(end / HOUR) * HOUR;
      // The two ends' windows, each [s, e) with its sign (an empty one when an end is on the hour).
      let head = [from.getTime(), from.getTime(), 0];
      if (first - from.getTime() >= HOUR / 2) head = [first - HOUR, from.getTime(), -1];
      else if (from.getTime() < first) head = [from.getTime(), first, 1];
      if (head[2] === -1) first -= HOUR;
      let tail = [end, end, 0];
      // The rest of the hour holds rows only up to now (lib/analytics/rollups.ts, rangePlan).
      if (Math.max(0, Math.min(last + HOUR, Date.now()) - end) < end - last) tail = [end, last + HOUR, -1];
      else if (last < end) tail = [last, end, 1];
      if (tail[2] === -1) last += HOUR;
      const at = (ms: number) => new Date(ms);
      const [row] = await sql`with windows(s, e, sign) as (values (${at(head[0])}::timestamptz, ${at(head[1])}::timestamptz, ${head[2]}::int),
          (${at(tail[0])}::timestamptz, ${at(tail[1])}::timestamptz, ${tail[2]}::int)),
        facts as (
          select conversation_id, messages, assistant_messages, handoffs from analytics_conversation_hours
          where business_id = ${businessId} and hour >= ${new Date(first)} and hour < ${new Date(last)}
          union all
          select m.conversation_id, w.sign, w.sign * (m.source = 'assistant')::int, 0
          from windows w join messages m on m.business_id = ${businessId} and m.created_at >= w.s and m.created_at < w.e
          union all
          select t.conversation_id, 0, 0, w.sign
          from windows w join conversation_transitions t on t.business_id = ${businessId} and t.to_status = 'handoff' and t.created_at >= w.s and t.created_at < w.e),
        per_conversation as (select sum(messages) as m, sum(assistant_messages) as a, sum(handoffs) as h from facts group by conversation_id)
        select
          (select count(*)::int from per_conversation where m > 0) as conversations,
          (select count(*)::int from per_conversation where m > 0 and a > 0 and h = 0) as resolved,
          (select coalesce(sum(h), 0)::int from per_conversation) as handoffs,
          ((select coalesce(sum(records), 0) from analytics_record_hours
             where business_id = ${businessId} and collection = 'leads' and hour >= ${new Date(first)} and hour < ${new Date(last)})
           + (select coalesce(sum(w.sign), 0) from windows w join records x
             on x.business_id = ${businessId} and x.collection = 'leads' and x.created_at >= w.s and x.created_at < w.e))::int as leads`;
      return {
        window: `${days}d`,
        from: iso(from),
        to: iso(to),
        conversations: row.conversations,
        resolvedByAssistant: row.resolved,
        leads: row.leads,
        handoffs: row.handoffs,
      };
    },

    async wallet() {
      const now = new Date();
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      const [row] = await sql`select token_balance,
          (select coalesce(-sum(l.tokens), 0) from token_ledger l where l.business_id = b.id and l.kind = 'usage' and l.created_at >= ${start}) as used
        from businesses b where b.id = ${businessId}`;
      return { balanceTokens: Number(row.token_balance), periodUsedTokens: Number(row.used), periodEndsAt: iso(end), periodStartsAt: iso(start) };
    },
  };
}

const ok = (body: unknown): FloorResponse => ({ status: 200, body });

/** Routes the benchmark's requests (the same URLs as the real API) to the floor's scenarios. */
export function createFloor(sql: postgres.Sql, businessId: string): (req: FloorRequest) => Promise<FloorResponse> {
  const s = floorScenarios(sql, businessId);
  return async ({ method, pathname, search, body }) => {
    const limit = Number(search.get("limit") ?? 50);
    const json = body ? (JSON.parse(body) as Row) : {};
    const messagesOf = /^\/v1\/conversations\/([^/]+)\/messages$/.exec(pathname);
    const catalogOf = /^\/v1\/catalog\/([^/]+)\/items$/.exec(pathname);
    if (method === "GET" && messagesOf) return ok(await s.messagesPage(messagesOf[1], limit, search.get("before")));
    if (method === "GET" && pathname === "/v1/conversations") return ok(await s.conversationsByStatus(search.get("status") ?? "open", limit));
    if (method === "GET" && pathname === "/v1/contacts") return ok(await s.contactsSearch(search.get("search") ?? "", limit));
    if (method === "POST" && pathname === "/v1/messages") return s.sendText(json.to, json.text);
    if (method === "POST" && pathname === "/v1/contacts") return ok(await s.upsertContact(json as { phone: string }));
    if (method === "POST" && catalogOf) return ok(await s.upsertCatalog(catalogOf[1], json.items));
    if (method === "GET" && pathname === "/v1/analytics/summary")
      return ok(await s.analyticsSummary(Number((search.get("window") ?? "30d").slice(0, -1))));
    if (method === "GET" && pathname === "/v1/usage/wallet") return ok(await s.wallet());
    return { status: 404, body: { error: { code: "not_found" } } };
  };
}
