import "server-only";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type MessageError, type MessageStatus, messages } from "../db/schema";
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

function pricingColumns(p: ChannelPricing) {
  return {
    pricingBillable: p.billable,
    pricingCategory: p.category,
    pricingModel: p.model,
    pricingType: p.type,
    pricingCountry: p.country,
    pricedAt: p.at,
  };
}

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

export async function applyStatus(
  db: Db,
  businessId: string,
  update: ChannelStatusUpdate,
  channel: "whatsapp" | "sandbox" = "whatsapp",
): Promise<ApplyStatusResult> {
  const match = and(
    eq(messages.businessId, businessId),
    eq(messages.channel, channel),
    eq(messages.channelMessageId, update.channelMessageId),
    eq(messages.direction, "outbound"),
  );
  const result = await moveStatus(db, businessId, update, match);
  // The pricing is kept from the first status that carries it: set with the move when the status moved
  // the message, on its own when it did not (Meta repeats it on sent and delivered; a late or
  // duplicate one still brings it).
  if (update.pricing && result === "ignored")
    await db
      .update(messages)
      .set(pricingColumns(update.pricing))
      .where(and(match, isNull(messages.pricingCategory)));
  return result;
}

// The pricing columns, each left as it is when the message already has a pricing.
function unlessPriced(p: ChannelPricing) {
  const keep = <T>(value: SQL, column: T) => sql`case when ${messages.pricingCategory} is null then ${value} else ${column} end`;
  return {
    pricingBillable: keep(sql`${p.billable}::boolean`, messages.pricingBillable),
    pricingCategory: keep(sql`${p.category}::text`, messages.pricingCategory),
    pricingModel: keep(sql`${p.model}::text`, messages.pricingModel),
    pricingType: keep(sql`${p.type}::text`, messages.pricingType),
    pricingCountry: keep(sql`${p.country}::text`, messages.pricingCountry),
    pricedAt: keep(sql`${p.at.toISOString()}::timestamptz`, messages.pricedAt),
  };
}

async function moveStatus(db: Db, businessId: string, update: ChannelStatusUpdate, match: ReturnType<typeof and>): Promise<ApplyStatusResult> {
  const from = MOVES_FROM[update.status];
  for (let tries = 0; ; tries++) {
    const moved = await db
      .update(messages)
      .set(
        update.status === "failed"
          ? { status: "failed", error: update.error ?? UNEXPLAINED_FAILURE }
          : { status: update.status, ...(update.pricing ? unlessPriced(update.pricing) : {}) },
      )
      .where(and(match, inArray(messages.status, from)))
      .returning({ id: messages.id, contactId: messages.contactId });
    if (moved.length) {
      // The customer stopped marketing messages in WhatsApp: opted out of campaigns here too.
      if (update.status === "failed" && update.error?.code === "marketing_opted_out")
        await channelStoppedMarketing(db, businessId, moved[0].contactId, { channelCode: update.error.channelCode, messageId: moved[0].id });
      return "applied";
    }
    const [row] = await db.select({ status: messages.status }).from(messages).where(match);
    if (!row) return "unknown";
    // The delivery job can commit the wamid between the two statements (each sees its own snapshot):
    // a row that is now visible and still movable is tried again rather than taken for a duplicate.
    if (!from.includes(row.status) || tries >= 3) return "ignored";
  }
}
