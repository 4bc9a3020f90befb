import "server-only";
import { z } from "zod";
import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { type Db, db as defaultDb } from "../../db/client";
import { businesses, type MessageMedia } from "../../db/schema";
import { AppError } from "../../errors";
import type { ClaimedJob } from "../../jobs/queue";
import { defineJob } from "../../jobs/job";
import { enqueue } from "../../jobs/queue";
import { RetryLater, runs } from "../../jobs/worker";
import { applyStatus } from "../../messages/apply-status";
import { applyReaction } from "../../messages/reactions";
import { inboundStored, receiveInboundMessage, recordEcho } from "../../messages/receive-message";
import { parseJsonText, readBodyBytes } from "../../request-body";
import { businessAdapter } from "../adapters";
import { applyNumberUpdate, applyTemplateUpdate } from "../templates";
import { whatsAppStatusFailure } from "./errors";
import { inboundMediaText, transcribeSettings, withTranscript } from "../../media/transcribe";
import { markedRead } from "../../messages/message-signals";
import { applyNumberChange } from "../../contacts/number-change";
import { recordUnusable, type UnusablePart } from "../unusable";
import { fetchInboundMedia, MEDIA_KINDS } from "./inbound-media";
import { recordOrder } from "./order";
import { parseWhatsAppWebhook } from "./parse-webhook";
import { verifyWhatsAppSignature } from "./signature";
import { componentLogger } from "../../observability/log";

const log = componentLogger("whatsapp");

// WhatsApp's inbound door. The HTTP side only proves the body came from Meta and stores it as a
// durable job, so the 200 goes out fast and a crash right after it loses nothing; the job does the
// work, and everything it does is idempotent, so Meta's redeliveries and our retries are harmless.

/** One webhook body from Meta, read and stored after the 200 (processInboundWebhook). */
export const inboundWebhook = defineJob({
  name: "whatsapp.inbound",
  payload: z.object({ body: z.string(), phoneNumberIds: z.array(z.string()), businessAccountIds: z.array(z.string()), receivedAt: z.string() }),
});
export const MAX_WEBHOOK_BYTES = 3 * 1024 * 1024;
// A status can overtake the delivery job that records its wamid; give that job time to commit, also on
// a loaded machine (retries after 0.5, 1, 1.5, ... s: about 14 s in all).
const STATUS_RETRY_ATTEMPTS = 8;

const text = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

/** GET: Meta's verify handshake. */
export function verifyHandshake(request: Request): Response {
  const params = new URL(request.url).searchParams;
  const expected = process.env.WHATSAPP_VERIFY_TOKEN ?? "";
  const token = params.get("hub.verify_token") ?? "";
  const matches = expected !== "" && token.length === expected.length && timingSafeEqual(Buffer.from(token), Buffer.from(expected));
  if (params.get("hub.mode") === "subscribe" && matches) return text(200, params.get("hub.challenge") ?? "");
  return text(403, "Forbidden");
}

/** POST: verify the signature over the bytes as received, then queue them. */
export async function acceptWebhook(db: Db, request: Request): Promise<Response> {
  const secret = process.env.WHATSAPP_APP_SECRET;
  if (!secret) {
    // Not 401: Meta keeps retrying a non-200 for days, so nothing is lost once the operator sets it.
    log.error("WHATSAPP_APP_SECRET is not set: webhook refused");
    return text(503, "WhatsApp is not configured on this server");
  }
  const raw = await readBodyBytes(request, MAX_WEBHOOK_BYTES).catch((err) => {
    if (err instanceof AppError && err.code === "payload_too_large") return null;
    throw err;
  });
  if (!raw) return text(413, "Payload too large");
  if (!verifyWhatsAppSignature(raw, request.headers.get("x-hub-signature-256"), secret)) return text(401, "Invalid signature");
  const body = raw.toString("utf8");
  // The service's one JSON reader, depth limit included: a body nested too deep is refused here,
  // before it is queued, so the job never parses or stores it.
  let parsed: unknown = null;
  try {
    parsed = parseJsonText(body);
  } catch (err) {
    if (err instanceof AppError && err.code === "invalid_request") return text(400, err.message);
  }
  const { phoneNumberIds, businessAccountIds, orderKey } = routingOf(parsed);
  await enqueue(db, inboundWebhook, { body, phoneNumberIds, businessAccountIds, receivedAt: new Date().toISOString() }, { orderKey });
  return text(200, "OK");
}

/**
 * Which numbers a body is for (for operators and test workers) and its orderKey: one customer's
 * webhooks are processed one at a time, in arrival order, so their messages are stored in order.
 */
function routingOf(parsed: unknown): { phoneNumberIds: string[]; businessAccountIds: string[]; orderKey: string | null } {
  const { messages, statuses, templates, numbers } = parseWhatsAppWebhook(parsed);
  const phoneNumberIds = [...new Set([...messages, ...statuses].map((m) => m.phoneNumberId))];
  const businessAccountIds = [...new Set([...templates, ...numbers].map((t) => t.wabaId))];
  const senders = [...new Set(messages.map((m) => `${m.phoneNumberId}:${m.from}`))];
  return { phoneNumberIds, businessAccountIds, orderKey: senders.length === 1 ? `whatsapp:${senders[0]}` : null };
}

type Attempt = Pick<ClaimedJob, "attempts">;

/** The business a number is connected to: the webhook names numbers, not businesses. */
async function businessByPhoneNumberId(db: Db, phoneNumberId: string) {
  const [row] = await db.select().from(businesses).where(eq(businesses.whatsappPhoneNumberId, phoneNumberId));
  return row;
}

/**
 * The job: every entry, change, message and status of one webhook body. What it cannot use is kept
 * (lib/channels/unusable.ts) once the body is done; `keep` replaces that (a replay reports instead).
 */
export async function processInboundWebhook(
  db: Db,
  body: string,
  job: Attempt,
  keep: (parts: UnusablePart[]) => Promise<void> = (parts) => recordUnusable(db, "whatsapp", parts),
): Promise<void> {
  let json: unknown;
  try {
    json = parseJsonText(body);
  } catch (err) {
    // Not the parser's message: it quotes the body.
    const reason = err instanceof AppError ? err.code : "invalid JSON";
    log.warn({ bytes: body.length, reason }, "signed webhook body not readable: kept as unusable");
    await keep([{ kind: "invalid_json", reason: `the body is not readable JSON (${reason})`, raw: { text: body } }]);
    return;
  }
  const parsed = parseWhatsAppWebhook(json);
  for (const s of parsed.skipped) log.warn({ reason: s.reason }, "webhook part skipped: kept as unusable");
  const unusable: UnusablePart[] = [...parsed.skipped];

  type Business = NonNullable<Awaited<ReturnType<typeof businessByPhoneNumberId>>>;
  const byNumber = new Map<string, Business | null>();
  const businessRow = async (phoneNumberId: string) => {
    if (!byNumber.has(phoneNumberId)) {
      const business = await businessByPhoneNumberId(db, phoneNumberId);
      // Logged and acknowledged, never retried: an unknown number will not become known by waiting.
      if (!business) log.warn({ phoneNumberId }, "webhook for an unknown phone_number_id: skipped");
      byNumber.set(phoneNumberId, business ?? null);
    }
    return byNumber.get(phoneNumberId) ?? null;
  };
  // The business a part's number is connected to; a part for a number nobody connected is kept as unusable.
  const businessOf = async (part: { phoneNumberId: string; raw: () => unknown }, what: string) => {
    const business = await businessRow(part.phoneNumberId);
    if (!business)
      unusable.push({
        kind: "unknown_number",
        reason: `${what} phone_number_id ${part.phoneNumberId}, which no business has connected`,
        raw: part.raw(),
      });
    return business;
  };

  // One bad message must not keep the others from being stored; the job retries the lot afterwards.
  const errors: unknown[] = [];
  const byTime = <T extends { timestamp: Date }>(list: T[]) => [...list].sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
  for (const m of byTime(parsed.messages)) {
    const business = await businessOf(m, "a message to");
    if (!business) continue;
    const businessId = business.id;
    // Stored as a placeholder in the thread (staff see something came), and kept to replay after a fix.
    if (m.unknownType) unusable.push({ kind: "unknown_type", reason: `message type ${m.type} is not read`, raw: m.raw(), businessId });
    // A notice about the customer (a new number, a new BSUID): applied to the contact, a line in the thread, no turn.
    if (m.type === "system") {
      const kind = typeof m.content?.kind === "string" ? m.content.kind : null;
      if (kind !== "user_changed_number" && kind !== "user_changed_user_id") {
        unusable.push({ kind: "unknown_type", reason: `system message ${kind ?? "(no type)"} is not read`, raw: m.raw(), businessId: business.id });
        continue;
      }
      const newPhone = typeof m.content?.newNumber === "string" ? m.content.newNumber : null;
      const newUserId = typeof m.content?.newUserId === "string" ? m.content.newUserId : null;
      await applyNumberChange(db, business.id, {
        channel: "whatsapp",
        kind,
        old: { phone: m.from.startsWith("+") ? m.from : null, waUserId: m.waUserId },
        newPhone: kind === "user_changed_number" ? newPhone : null,
        newUserId,
        notice: m.text,
      }).catch((err) => errors.push(err));
      continue;
    }
    if (m.type === "reaction") {
      const target = typeof m.content?.message_id === "string" ? m.content.message_id : null;
      const emoji = typeof m.content?.emoji === "string" && m.content.emoji ? m.content.emoji : null;
      await applyReaction(db, businessId, { channel: "whatsapp", target, emoji }).catch((err) => errors.push(err));
      continue;
    }
    let media: MessageMedia | null = null;
    let typing = false;
    if (MEDIA_KINDS.has(m.type) && !(await inboundStored(db, "whatsapp", m.wamid))) {
      try {
        const adapter = businessAdapter("whatsapp", business);
        const fetched = await fetchInboundMedia(db, businessId, adapter.media, m, job.attempts);
        // A voice note is transcribed first, which takes seconds: the customer sees the typing indicator meanwhile.
        if (fetched.kind === "audio" && fetched.status === "ready" && transcribeSettings() && adapter.markRead) {
          typing = await adapter.markRead(m.wamid, { typing: true }).then(
            () => true,
            (err) => {
              log.warn({ err }, "typing indicator not sent");
              return false;
            },
          );
        }
        media = await withTranscript(db, fetched);
      } catch (err) {
        errors.push(err);
        continue;
      }
    }
    await receiveInboundMessage(
      db,
      businessId,
      {
        channel: "whatsapp",
        from: m.from,
        waUserId: m.waUserId,
        username: m.username,
        profileName: m.profileName,
        channelMessageId: m.wamid,
        timestamp: m.timestamp,
        type: m.type,
        text: media?.status === "ready" ? inboundMediaText(media) : m.text,
        content: m.content,
        media,
        replyToChannelId: m.replyTo,
        // Arrived on `standby`: Meta Business Agent holds the conversation; our assistant stays silent.
        handledElsewhere: m.standby,
      },
      m.type === "order" ? recordOrder(businessId, m.content) : undefined,
    )
      // Marked read by the typing indicator already: the assistant's turn sends no second one.
      .then(() => (typing ? markedRead(db, businessId, m.wamid) : undefined))
      .catch((err) => errors.push(err));
  }
  // What Meta Business Agent told customers (standby message echoes): shown in their threads.
  for (const e of byTime(parsed.echoes)) {
    const businessId = (await businessOf(e, "an echo from"))?.id;
    if (!businessId) continue;
    await recordEcho(db, businessId, {
      channel: "whatsapp",
      to: e.to,
      channelMessageId: e.wamid,
      timestamp: e.timestamp,
      type: e.type,
      text: e.text,
      content: e.content,
    }).catch((err) => errors.push(err));
  }
  const unknownStatuses: UnusablePart[] = [];
  for (const s of byTime(parsed.statuses)) {
    const businessId = (await businessOf(s, "a status for"))?.id;
    if (!businessId) continue;
    const result = await applyStatus(db, businessId, {
      channelMessageId: s.wamid,
      status: s.status,
      error: whatsAppStatusFailure(s.error),
      pricing: s.pricing ? { ...s.pricing, at: s.timestamp } : null,
    }).catch((err) => {
      errors.push(err);
      return null;
    });
    if (result === "unknown")
      unknownStatuses.push({
        kind: "unknown_message",
        reason: `a ${s.status} status for ${s.wamid}, a message not recorded here`,
        raw: s.raw(),
        businessId,
      });
  }
  for (const t of parsed.templates) await applyTemplateUpdate(db, t).catch((err) => errors.push(err));
  for (const n of parsed.numbers) await applyNumberUpdate(db, n).catch((err) => errors.push(err));
  if (errors.length) throw errors[0];
  // A status may overtake the delivery job that records its message: wait a little before giving up on it.
  if (unknownStatuses.length && job.attempts < STATUS_RETRY_ATTEMPTS) {
    throw new RetryLater(500 * job.attempts, `${unknownStatuses.length} status update(s) for messages not recorded yet`);
  }
  if (unknownStatuses.length) log.warn({ statuses: unknownStatuses.length }, "status updates for unknown messages: kept as unusable");
  await keep([...unusable, ...unknownStatuses]);
}

/** Processes a kept part again (lib/channels/unusable.ts replayUnusable); returns what it still cannot use. */
export async function replayInbound(db: Db, raw: unknown): Promise<UnusablePart[]> {
  const still: UnusablePart[] = [];
  const body = raw && typeof raw === "object" && "text" in raw && typeof raw.text === "string" ? raw.text : JSON.stringify(raw);
  // The last attempt: a status for a message still unknown is not waited for again.
  await processInboundWebhook(db, body, { attempts: STATUS_RETRY_ATTEMPTS }, async (parts) => {
    // A message of a type still not read is stored already (as a placeholder): still unusable.
    still.push(...parts);
  });
  return still;
}

export const inboundJob = runs(inboundWebhook, (payload, job) => processInboundWebhook(defaultDb(), String(payload.body ?? ""), job));
