import "server-only";
import { eq } from "drizzle-orm";
import { type Db, db as defaultDb } from "../db/client";
import { businesses, messages } from "../db/schema";
import { statement } from "../db/statement";
import { prefixedRow, prefixedText } from "../db/table-rows";
import type { ClaimedJob } from "../jobs/queue";
import { JOB_COMPLETED, RetryLater, runs } from "../jobs/worker";
import type { MessageRow } from "../messages/messages";
import { markFailed, markSent, messageDelivery } from "../messages/outbound";
import { mediaFileById, readMediaBytes } from "../media/media-files";
import { businessAdapter } from "./adapters";
import { ChannelError, type ChannelReceipt, failureOf, type OutboundMedia } from "./channel";
import { metrics } from "../observability/metrics";

// The `messages.deliver` job: one queued message out through its channel. Jobs share the
// conversation as orderKey, so while this one waits out a rate limit (RetryLater keeps it pending)
// the conversation's later messages wait behind it and nothing is reordered.

type Attempt = Pick<ClaimedJob, "attempts" | "maxAttempts"> & { id?: number };

// A send's one read, its text written once (lib/db/statement.ts): the message, its customer's address and
// the business, with the channel's id of the message it quotes (a reply quotes by WhatsApp's wamid). By
// the message's primary key alone: with the business in the condition too, Postgres may walk the
// business's messages by (business_id, created_at) instead (its plan for a table whose statistics are
// young: seen to read thousands of rows a send, more with every message). The business is checked on the row.
const deliveryRead = statement(`select ${prefixedText("m", messages)}, coalesce(c.phone, c.wa_user_id) as phone, ${prefixedText("b", businesses)},
    (select q.channel_message_id from messages q where q.id = m.reply_to_id) as quoted
  from messages m
  left join contacts c on c.id = m.contact_id
  left join businesses b on b.id = m.business_id
  where m.id = $1`);

const fallbackRetryMs = (attempt: number) => Math.min(2 ** attempt * 1000, 5 * 60_000);

/**
 * Sends one queued message. Returns true when it removed its job (`job.id`) in the statement that
 * recorded the send, as the worker's JOB_COMPLETED.
 */
export async function deliverMessage(db: Db, payload: { messageId: string; businessId: string }, job: Attempt): Promise<boolean> {
  // The message, its customer's address (their phone, else their WhatsApp BSUID) and the business's channel in one read.
  const [raw] = await deliveryRead(db, [payload.messageId]);
  const row = raw
    ? {
        message: prefixedRow("m", messages, raw),
        phone: (raw.phone as string | null) ?? null,
        business: raw["b.id"] ? prefixedRow("b", businesses, raw) : null,
        quoted: (raw.quoted as string | null) ?? null,
      }
    : undefined;
  const message = row?.message.businessId === payload.businessId ? row.message : undefined;
  // Sent, failed or gone already (a retried job after a crash): nothing to do.
  if (!row || message?.status !== "queued" || message.direction !== "outbound") return false;
  let sent: { to: string; receipt: ChannelReceipt };
  try {
    const { phone, business } = row;
    if (!phone || !business) throw new ChannelError("permanent", null, "The message's contact or business no longer exists.");
    const adapter = businessAdapter(message.channel, business);
    const receipt = await adapter.send({
      id: message.id,
      to: phone,
      type: message.type === "template" ? "template" : message.media ? "media" : "text",
      text: message.text,
      template: message.template ?? null,
      interactive: message.interactive ?? null,
      replyTo: row.quoted ?? null,
      media: outboundMedia(db, message),
    });
    sent = { to: phone, receipt };
  } catch (err) {
    await settleFailure(db, message, err, job);
    return false;
  }
  // Outside the try: the channel has accepted it, so a database error here must not mark it failed. The
  // job's retry may then send it twice: at least once beats lost.
  return markSent(db, message, sent.to, sent.receipt, job);
}

function outboundMedia(db: Db, message: MessageRow): OutboundMedia | null {
  const media = message.media;
  if (!media?.fileId) return null;
  const fileId = media.fileId;
  return {
    kind: media.kind,
    mimeType: media.mimeType ?? "application/octet-stream",
    filename: media.filename,
    caption: media.caption,
    size: media.size ?? 0,
    ...(media.voice ? { voice: true } : {}),
    open: async () => {
      const file = await mediaFileById(db, fileId);
      if (!file) throw new ChannelError("permanent", null, "The message's file no longer exists.");
      return readMediaBytes(db, file);
    },
  };
}

async function settleFailure(db: Db, message: MessageRow, err: unknown, job: Attempt): Promise<void> {
  if (err instanceof ChannelError && message.channel === "whatsapp")
    metrics().whatsAppSendErrors.inc({ code: err.code === null ? "none" : String(err.code), kind: err.kind });
  const lastAttempt = job.attempts >= job.maxAttempts;
  if (!(err instanceof ChannelError)) {
    // A bug or an outage on our side: let the worker back off, but never leave the message queued forever.
    if (!lastAttempt) throw err;
    return markFailed(
      db,
      message.id,
      { code: "channel_error", message: `Could not be delivered: ${String((err as Error)?.message ?? err)}`, channelCode: null },
      job.attempts,
    );
  }
  if (err.kind === "window") {
    const text = `The customer has not written in the last 24 hours: only a template message can be sent. (${err.message})`;
    return markFailed(db, message.id, { code: failureOf(err), message: text, channelCode: err.code }, job.attempts);
  }
  if ((err.kind === "rate_limited" || err.kind === "transient") && !lastAttempt) {
    await db.update(messages).set({ attempts: job.attempts }).where(eq(messages.id, message.id));
    const delay = err.retryDelayMs(job.attempts) || fallbackRetryMs(job.attempts);
    throw new RetryLater(delay, `channel ${err.kind} (${err.code ?? "no code"}): ${err.message}`);
  }
  return markFailed(db, message.id, { code: failureOf(err), message: err.message, channelCode: err.code }, job.attempts);
}

export const deliverJob = runs(messageDelivery, async (payload, job) =>
  (await deliverMessage(defaultDb(), { messageId: String(payload.messageId), businessId: String(payload.businessId) }, job))
    ? JOB_COMPLETED
    : undefined,
);
