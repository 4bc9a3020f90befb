import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { ChannelName, ChannelReceipt } from "../channels";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { type MessageMedia, type RecipientComponents, type RecipientError, type TemplatePayload, campaignRecipients } from "../db/schema";
import { recordAccepted } from "../messages/outbound";
import { channelStoppedMarketing } from "../contacts/opt-out";

// What a pass's sends come to, written in batches while the pass goes on.

/** A recipient this pass claimed (pending -> sending with its claim token), with the channel it goes out on. */
export type Claimed = {
  id: number;
  contactId: string;
  phone: string;
  variables: string[];
  /** The header text and button values rendered for this contact, when the template needs them. */
  components: RecipientComponents | null;
  attempts: number;
  channel: ChannelName;
};

export type Outcome =
  /** `template`: what went out (header, footer, buttons with this recipient's values); `media`: the header's file. */
  | { kind: "sent"; r: Claimed; receipt: ChannelReceipt; text: string; template: TemplatePayload; media: MessageMedia | null }
  | { kind: "failed"; r: Claimed; error: RecipientError }
  /** slowDownMs: the channel says the sending number is over its throughput; > 0 ends the pass and pauses this long. */
  | { kind: "retry"; r: Claimed; delayMs: number; error: RecipientError; slowDownMs: number };

/**
 * Writes a batch of outcomes in one transaction, each guarded by this pass's claim: sent recipients
 * get their message through the outbound core (a normal outbound message in the customer's
 * conversation, so status callbacks, the inbox and replies work as for any other) and `message.sent`.
 */
export async function settle(db: Db, businessId: string, campaignId: string, claim: string, batch: Outcome[]) {
  await db.transaction(async (tx) => {
    const sent = batch.filter((o): o is Extract<Outcome, { kind: "sent" }> => o.kind === "sent");
    await recordAccepted(
      tx,
      businessId,
      sent.map((o) => ({
        recipientId: o.r.id,
        contactId: o.r.contactId,
        to: o.r.phone,
        channel: o.r.channel,
        text: o.text,
        template: o.template,
        media: o.media,
        receipt: o.receipt,
        attempts: o.r.attempts + 1,
        campaignId,
      })),
      // Only the recipients this pass still holds move to sent, in one statement; they get the messages.
      async (planned) => {
        const pairs = sql.join(
          planned.map((p) => sql`(${p.item.recipientId}::bigint, ${p.messageId})`),
          sql`, `,
        );
        const moved = await queryRows<{ id: string | number }>(
          tx,
          sql`update campaign_recipients r set status = 'sent', claim = null, message_id = v.mid, sent_at = now(), updated_at = now(), error = null
            from (values ${pairs}) as v(id, mid)
            where r.id = v.id and r.claim = ${claim} and r.status = 'sending' returning r.id`,
        );
        const movedIds = new Set(moved.map((m) => Number(m.id)));
        return planned.filter((p) => movedIds.has(p.item.recipientId));
      },
    );
    for (const o of batch) {
      if (o.kind === "failed") {
        const failed = await tx
          .update(campaignRecipients)
          .set({ status: "failed", claim: null, error: o.error, attempts: o.r.attempts + 1, updatedAt: sql`now()` })
          .where(and(eq(campaignRecipients.id, o.r.id), eq(campaignRecipients.claim, claim), eq(campaignRecipients.status, "sending")))
          .returning({ id: campaignRecipients.id });
        // The customer stopped marketing messages in WhatsApp: opted out of campaigns here too.
        if (failed.length && o.error.code === "marketing_opted_out")
          await channelStoppedMarketing(tx, businessId, o.r.contactId, { channelCode: o.error.channelCode, campaignId });
      } else if (o.kind === "retry") {
        await tx
          .update(campaignRecipients)
          .set({
            status: "pending",
            claim: null,
            error: o.error,
            // A throughput limit is the campaign's pace, not this recipient's fault: no attempt spent.
            attempts: o.slowDownMs > 0 ? o.r.attempts : o.r.attempts + 1,
            notBefore: o.delayMs ? sql`now() + make_interval(secs => ${o.delayMs / 1000})` : null,
            updatedAt: sql`now()`,
          })
          .where(and(eq(campaignRecipients.id, o.r.id), eq(campaignRecipients.claim, claim), eq(campaignRecipients.status, "sending")));
      }
    }
  });
}
