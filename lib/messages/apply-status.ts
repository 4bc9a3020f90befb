import "server-only";
import { sql } from "drizzle-orm";
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
