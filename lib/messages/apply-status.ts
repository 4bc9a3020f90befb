import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import type { MessageError, MessageStatus } from "../db/schema";
import { channelStoppedMarketing } from "../contacts/opt-out";

export type ChannelStatusUpdate = {
  /** The channel's id of our outbound message (WhatsApp wamid). */
  channelMessageId: string;
  status: "sent" | "delivered" | "read" | "failed";
  /** Why it failed, as the channel classified it (null: the channel gave no reason). */
  error: MessageError | null;
  /**
   * What the channel charges for the message (WhatsApp's `pricing` object, with the recipient's country
   * and the status's time). Kept from the first status that carries it, even a status that arrives too
   * late to move the message (a `delivered` after its `read`).
   */
  pricing?: ChannelPricing | null;
};

export type ChannelPricing = { billable: boolean; category: string; model: string | null; type: string | null; country: string | null; at: Date };

/** applied: the status moved forward; ignored: duplicate or stale; unknown: no such message (yet). */
export type ApplyStatusResult = "applied" | "ignored" | "unknown";

// Callbacks arrive late, twice, out of order or skip a step, so a status is applied only from the
// states that precede it: sent < delivered < read, and failed is terminal. A repeat of the current
// status finds no row to move, which is how (message id, status) duplicates become no-ops.
const MOVES_FROM: Record<ChannelStatusUpdate["status"], MessageStatus[]> = {
  sent: ["queued"],
  delivered: ["queued", "sent"],
  read: ["queued", "sent", "delivered"],
  // A message the customer has already received cannot fail afterwards.
  failed: ["queued", "sent"],
};

const UNEXPLAINED_FAILURE: MessageError = { code: "channel_error", message: "The channel reported the message as failed.", channelCode: null };

/**
 * One statement: the move (with the pricing, unless the message has one), or, when the message is not
 * in a state the status moves from, the pricing alone; and whether the message is known at all. One
 * snapshot answers all three, so a delivery job committing the wamid meanwhile cannot make a movable
 * message look like a duplicate: unseen, it is `unknown`, and the webhook's job tries again later.
 */
export async function applyStatus(
  db: Db,
  businessId: string,
  update: ChannelStatusUpdate,
  channel: "whatsapp" | "sandbox" = "whatsapp",
): Promise<ApplyStatusResult> {
  const from = sql.join(
    MOVES_FROM[update.status].map((s) => sql`${s}`),
    sql`, `,
  );
  const p = update.pricing ?? null;
  const unpriced = sql`pricing_category is null`;
  const priceOr = <T>(value: T, column: string) => sql`case when ${unpriced} then ${value} else ${sql.raw(column)} end`;
  const pricingSet = p
    ? sql`, pricing_billable = ${priceOr(sql`${p.billable}::boolean`, "pricing_billable")},
        pricing_category = ${priceOr(sql`${p.category}::text`, "pricing_category")},
        pricing_model = ${priceOr(sql`${p.model}::text`, "pricing_model")},
        pricing_type = ${priceOr(sql`${p.type}::text`, "pricing_type")},
        pricing_country = ${priceOr(sql`${p.country}::text`, "pricing_country")},
        priced_at = ${priceOr(sql`${p.at.toISOString()}::timestamptz`, "priced_at")}`
    : sql``;
  const moveSet =
    update.status === "failed"
      ? sql`status = 'failed', error = ${JSON.stringify(update.error ?? UNEXPLAINED_FAILURE)}::jsonb`
      : sql`status = ${update.status}${pricingSet}`;
  // The pricing is kept from the first status that carries it: set with the move when the status moved
  // the message, on its own when it did not (Meta repeats it on sent and delivered; a late or
  // duplicate one still brings it).
  const priceAlone = p
    ? sql`, priced as (
        update messages set pricing_billable = ${p.billable}::boolean, pricing_category = ${p.category}::text, pricing_model = ${p.model}::text,
          pricing_type = ${p.type}::text, pricing_country = ${p.country}::text, priced_at = ${p.at.toISOString()}::timestamptz
        where id = (select id from found) and ${unpriced} and not exists (select 1 from moved))`
    : sql``;
  const [row] = await queryRows<{ known: boolean; moved_id: string | null; contact_id: string | null }>(
    db,
    sql`with found as (
        select id from messages
        where business_id = ${businessId} and channel = ${channel} and channel_message_id = ${update.channelMessageId} and direction = 'outbound'),
      moved as (
        update messages set ${moveSet}
        where id = (select id from found) and status in (${from})
        returning id, contact_id)${priceAlone}
      select exists (select 1 from found) as known, (select id from moved) as moved_id, (select contact_id from moved) as contact_id`,
  );
  if (!row?.known) return "unknown";
  if (!row.moved_id) return "ignored";
  // The customer stopped marketing messages in WhatsApp: opted out of campaigns here too.
  if (update.status === "failed" && update.error?.code === "marketing_opted_out" && row.contact_id)
    await channelStoppedMarketing(db, businessId, row.contact_id, { channelCode: update.error.channelCode, messageId: row.moved_id });
  return "applied";
}

/** A status in a batch (applyStatuses): `key` locates its business (a WhatsApp phone number id), `tag` its job. */
export type BatchedStatus = Omit<ChannelStatusUpdate, "status" | "error"> & { status: "sent" | "delivered" | "read"; key: string; tag: number };

export type BatchedOutcome = { businessId: string | null; known: boolean };

const FORWARD = sql.raw(`array['queued', 'sent', 'delivered', 'read']::text[]`);

/**
 * Many statuses (sent, delivered, read) in one statement, with what applying them one at a time in the
 * given order would leave: they only move a message forward, so a message ends at the furthest of its
 * statuses that is ahead of it (a failed message stays failed), and its pricing is the first one given,
 * kept only when it has none yet. A failed status is not batched: it moves a message only from some
 * states and is final, so its place in the order decides (applyStatus, one at a time).
 *
 * `businesses` selects `(business_id, key)` for the keys given (the statuses name numbers, not
 * businesses). `finish(unknownTags)` appends CTEs to the statement (jobsRemoval), with a select of the
 * tags that have a status for a message not found. Returns each status's business (null: no business
 * has its key) and whether its message was found, in the order given.
 */
export async function applyStatuses(
  db: Db,
  channel: "whatsapp" | "sandbox",
  businesses: SQL,
  statuses: BatchedStatus[],
  finish: (unknownTags: SQL) => SQL = () => sql``,
): Promise<BatchedOutcome[]> {
  if (!statuses.length) return [];
  type Message = { key: string; id: string; rank: number; target: BatchedStatus["status"]; tags: Set<number>; pricing: ChannelPricing | null };
  const rank = { sent: 1, delivered: 2, read: 3 };
  const byMessage = new Map<string, Message>();
  for (const s of statuses) {
    const id = `${s.key}\u0000${s.channelMessageId}`;
    const m = byMessage.get(id) ?? { key: s.key, id: s.channelMessageId, rank: 0, target: s.status, tags: new Set(), pricing: null };
    if (rank[s.status] > m.rank) Object.assign(m, { rank: rank[s.status], target: s.status });
    m.tags.add(s.tag);
    m.pricing ??= s.pricing ?? null;
    byMessage.set(id, m);
  }
  const values = sql.join(
    [...byMessage.values()].map((m) => {
      const p = m.pricing;
      return sql`(${m.key}::text, ${m.id}::text, ${m.target}::text, ${`{${[...m.tags].join(",")}}`}::bigint[], ${p?.billable ?? null}::boolean,
        ${p?.category ?? null}::text, ${p?.model ?? null}::text, ${p?.type ?? null}::text, ${p?.country ?? null}::text, ${p ? p.at.toISOString() : null}::timestamptz)`;
    }),
    sql`, `,
  );
  const ahead = sql`array_position(${FORWARD}, m.status) < array_position(${FORWARD}, w.target)`;
  const price = sql`m.pricing_category is null and w.category is not null`;
  const priced = (column: string, given: string) =>
    sql.raw(`${column} = case when m.pricing_category is null and w.category is not null then w.${given} else m.${column} end`);
  const rows = await queryRows<{ key: string; wamid: string; business_id: string | null; known: boolean }>(
    db,
    sql`with w (key, wamid, target, tags, billable, category, model, type, country, given_at) as (values ${values}),
      b as (${businesses}),
      found as (
        -- Locked in id order before any is moved: two batches running at once (their bodies are
        -- disjoint, their messages need not be) take a shared message's lock one after the other
        -- instead of each holding one the other waits for (a deadlock, which Postgres breaks after
        -- deadlock_timeout by failing one of them).
        select m.id, w.key, w.wamid from w join b on b.key = w.key
        join messages m on m.business_id = b.business_id and m.channel = ${channel} and m.channel_message_id = w.wamid and m.direction = 'outbound'
        order by m.id for update of m),
      moved as (
        update messages m set status = case when ${ahead} then w.target else m.status end,
          ${priced("pricing_billable", "billable")}, ${priced("pricing_model", "model")}, ${priced("pricing_type", "type")},
          ${priced("pricing_country", "country")}, ${priced("priced_at", "given_at")}, ${priced("pricing_category", "category")}
        from found f join w on w.key = f.key and w.wamid = f.wamid
        where m.id = f.id and (${ahead} or ${price})
        returning m.id)${finish(sql`select t from w cross join lateral unnest(w.tags) t where not exists (select 1 from found f where f.key = w.key and f.wamid = w.wamid)`)}
    select w.key, w.wamid, (select b.business_id from b where b.key = w.key) as business_id,
      exists (select 1 from found f where f.key = w.key and f.wamid = w.wamid) as known
    from w`,
  );
  const outcome = new Map(rows.map((r) => [`${r.key}\u0000${r.wamid}`, { businessId: r.business_id, known: Boolean(r.known) }]));
  return statuses.map((s) => outcome.get(`${s.key}\u0000${s.channelMessageId}`) ?? { businessId: null, known: false });
}
