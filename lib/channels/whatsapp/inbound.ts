import "server-only";
import { z } from "zod";
import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Db, db as defaultDb } from "../../db/client";
import { businesses, type MessageMedia } from "../../db/schema";
import { statement } from "../../db/statement";
import { columnsOf, selectStatementRows, selectText } from "../../db/table-rows";
import { AppError } from "../../errors";
import type { ClaimedJob } from "../../jobs/queue";
import { defineJob } from "../../jobs/job";
import { claimBatch, completeJob, jobsRemoval, releaseBatch, retryJob } from "../../jobs/queue";
import { enqueueTogether } from "../../jobs/together";
import { JOB_COMPLETED, RetryLater, runs } from "../../jobs/worker";
import { applyStatus, applyStatuses, type BatchedOutcome } from "../../messages/apply-status";
import { applyReaction } from "../../messages/reactions";
import { inboundStored, type ReceiveOptions, receiveInboundMessage, recordEcho } from "../../messages/receive-message";
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
import { parseWhatsAppWebhook, type WhatsAppStatusUpdate } from "./parse-webhook";
import { verifyWhatsAppSignature } from "./signature";
import { componentLogger } from "../../observability/log";

const log = componentLogger("whatsapp");

// WhatsApp's inbound door. The HTTP side only proves the body came from Meta and stores it as a
// durable job, so the 200 goes out fast and a crash right after it loses nothing; the job does the
// work, and everything it does is idempotent, so Meta's redeliveries and our retries are harmless.

/** One webhook body from Meta, read and stored after the 200 (processInboundWebhook). */
export const inboundWebhook = defineJob({
  name: "whatsapp.inbound",
  payload: z.object({
    body: z.string(),
    phoneNumberIds: z.array(z.string()),
    businessAccountIds: z.array(z.string()),
    receivedAt: z.string(),
    // Only statuses: a status body's job takes on the others queued for its number (processStatuses).
    statusesOnly: z.boolean().optional(),
  }),
});
export const MAX_WEBHOOK_BYTES = 3 * 1024 * 1024;
// A status can overtake the delivery job that records its wamid; give that job time to commit, also on
// a loaded machine (retries after 0.5, 1, 1.5, ... s: about 14 s in all).
const STATUS_RETRY_ATTEMPTS = 8;
/** The most status bodies one job applies (its own and the others queued for its number). */
const STATUS_BATCH = 100;

/**
 * How long a body of statuses waits before its job runs (STATUS_BATCH_DELAY_MS, default 500; 0: at
 * once). Meta posts three after every reply (sent, delivered, read), each in its own body; waiting half
 * a second lets one job take on the bodies that arrived meanwhile (claimBatch takes them before they
 * are due), so a busy number's statuses cost one claim and one statement for up to STATUS_BATCH bodies
 * instead of one each, and a status less often overtakes the delivery job that records its message.
 * A message's ticks in the inbox come that much later.
 */
export function statusBatchDelayMs(): number {
  const raw = process.env.STATUS_BATCH_DELAY_MS?.trim();
  const n = raw ? Number(raw) : 500;
  return Number.isInteger(n) && n >= 0 && n <= 60_000 ? n : 500;
}

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
  if (!process.env.WHATSAPP_APP_SECRET) return toText(notConfigured());
  const raw = await readBodyBytes(request, MAX_WEBHOOK_BYTES).catch((err) => {
    if (err instanceof AppError && err.code === "payload_too_large") return null;
    throw err;
  });
  return toText(await acceptWebhookBytes(db, raw, request.headers.get("x-hub-signature-256")));
}

/** The door's answer: a status and a plain-text body. */
export type DoorAnswer = { status: number; body: string };
const toText = (a: DoorAnswer) => text(a.status, a.body);

function notConfigured(): DoorAnswer {
  // Not 401: Meta keeps retrying a non-200 for days, so nothing is lost once the operator sets it.
  log.error("WHATSAPP_APP_SECRET is not set: webhook refused");
  return { status: 503, body: "WhatsApp is not configured on this server" };
}

/**
 * The POST's work once its bytes are read, whichever server read them (the Next route above, or
 * lib/server/node-routes.ts without Next's request pipeline): `raw` null when the body was over
 * MAX_WEBHOOK_BYTES; `signature` the X-Hub-Signature-256 header.
 */
export async function acceptWebhookBytes(db: Db, raw: Buffer | null, signature: string | null): Promise<DoorAnswer> {
  const secret = process.env.WHATSAPP_APP_SECRET;
  if (!secret) return notConfigured();
  if (!raw) return { status: 413, body: "Payload too large" };
  if (!verifyWhatsAppSignature(raw, signature, secret)) return { status: 401, body: "Invalid signature" };
  const body = raw.toString("utf8");
  // The service's one JSON reader, depth limit included: a body nested too deep is refused here,
  // before it is queued, so the job never parses or stores it.
  let parsed: unknown = null;
  try {
    parsed = parseJsonText(body);
  } catch (err) {
    if (err instanceof AppError && err.code === "invalid_request") return { status: 400, body: err.message };
  }
  const { phoneNumberIds, businessAccountIds, orderKey, statusesOnly } = routingOf(parsed);
  const payload = { body, phoneNumberIds, businessAccountIds, receivedAt: new Date().toISOString(), ...(statusesOnly ? { statusesOnly } : {}) };
  // Written together with the webhooks arriving meanwhile (lib/jobs/together.ts): one statement for
  // many under load, and the 200 only once this one's job is committed.
  await enqueueTogether(db, inboundWebhook, payload, { orderKey, delayMs: statusesOnly ? statusBatchDelayMs() : 0 });
  return { status: 200, body: "OK" };
}

/**
 * Which numbers a body is for (for operators and test workers) and its orderKey: one customer's
 * webhooks are processed one at a time, in arrival order, so their messages are stored in order.
 */
function routingOf(parsed: unknown): { phoneNumberIds: string[]; businessAccountIds: string[]; orderKey: string | null; statusesOnly: boolean } {
  const webhook = parseWhatsAppWebhook(parsed);
  const { messages, statuses, templates, numbers } = webhook;
  const phoneNumberIds = [...new Set([...messages, ...statuses].map((m) => m.phoneNumberId))];
  const businessAccountIds = [...new Set([...templates, ...numbers].map((t) => t.wabaId))];
  const senders = [...new Set(messages.map((m) => `${m.phoneNumberId}:${m.from}`))];
  const orderKey = senders.length === 1 ? `whatsapp:${senders[0]}` : null;
  return { phoneNumberIds, businessAccountIds, orderKey, statusesOnly: onlyStatuses(webhook) };
}

/** A body of statuses and nothing else (what Meta sends after each of our messages: sent, delivered, read). */
function onlyStatuses(w: ReturnType<typeof parseWhatsAppWebhook>): boolean {
  return w.statuses.length > 0 && !w.messages.length && !w.echoes.length && !w.templates.length && !w.numbers.length && !w.skipped.length;
}

/** The job's attempt; its id and worker when a worker runs it (a replay or a test may call without). */
type Attempt = Pick<ClaimedJob, "attempts"> & Partial<Pick<ClaimedJob, "id" | "workerId">>;

// Every body's first read, its text written once (lib/db/statement.ts): no query built per body.
const businessByNumber = statement(`select ${selectText(businesses)} from businesses where whatsapp_phone_number_id = $1`);

/** The business a number is connected to: the webhook names numbers, not businesses. */
async function businessByPhoneNumberId(db: Db, phoneNumberId: string): Promise<typeof businesses.$inferSelect | undefined> {
  const [row] = await selectStatementRows(db, businessByNumber, [phoneNumberId], columnsOf(businesses));
  return row as typeof businesses.$inferSelect | undefined;
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
  /** How each message is received: the server's inbound job answers the turn with it (ReceiveOptions.answer). */
  receive: ReceiveOptions = {},
): Promise<unknown> {
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
  if (onlyStatuses(parsed)) return processStatuses(db, parsed.statuses, job, keep);
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
      receive,
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

const unknownNumber = (s: WhatsAppStatusUpdate): UnusablePart => ({
  kind: "unknown_number",
  reason: `a status for phone_number_id ${s.phoneNumberId}, which no business has connected`,
  raw: s.raw(),
});
const unknownMessage = (s: WhatsAppStatusUpdate, businessId: string): UnusablePart => ({
  kind: "unknown_message",
  reason: `a ${s.status} status for ${s.wamid}, a message not recorded here`,
  raw: s.raw(),
  businessId,
});

/** The statuses of a body of statuses only; null for any other body. */
function statusesOf(body: string): WhatsAppStatusUpdate[] | null {
  try {
    const parsed = parseWhatsAppWebhook(parseJsonText(body));
    return onlyStatuses(parsed) ? parsed.statuses : null;
  } catch {
    return null;
  }
}

/**
 * A body of statuses only. Each reply we send is followed by three of them (sent, delivered, read), so
 * the job takes on the other status bodies queued for its number, due or not yet (claimBatch: never-tried
 * jobs, SKIP LOCKED; each waits statusBatchDelayMs so that there are others) and applies them all in one statement that also ends the jobs whose statuses all found their
 * message (applyStatuses, jobsRemoval), instead of a claim, a business lookup, a statement and a
 * completion per body. What applying them one at a time would leave is kept: a status only moves its
 * message forward, the first pricing is kept, a failed status is applied in its turn (one at a time).
 * A body with a status for a message not recorded yet waits and tries again on its own, as before.
 */
async function processStatuses(db: Db, own: WhatsAppStatusUpdate[], job: Attempt, keep: (parts: UnusablePart[]) => Promise<void>): Promise<unknown> {
  const numbers = [...new Set(own.map((s) => s.phoneNumberId))];
  const swept =
    job.id !== undefined && job.workerId
      ? await claimBatch(db, inboundWebhook.name, job.workerId, { statusesOnly: true, phoneNumberIds: numbers }, STATUS_BATCH - 1, { early: true })
      : [];
  const bodies: { job: Attempt; statuses: WhatsAppStatusUpdate[] }[] = [{ job, statuses: own }];
  const unfit: number[] = [];
  for (const j of swept) {
    const statuses = statusesOf(String(j.payload.body ?? ""));
    if (statuses) bodies.push({ job: j, statuses });
    else unfit.push(j.id);
  }
  const entries = bodies
    .flatMap((body, b) => body.statuses.map((s) => ({ s, b })))
    .sort((x, y) => x.s.timestamp.getTime() - y.s.timestamp.getTime() || x.b - y.b);
  const messageOf = (s: WhatsAppStatusUpdate) => `${s.phoneNumberId}\u0000${s.wamid}`;
  const oneByOne = new Set(entries.filter((e) => e.s.status === "failed").map((e) => messageOf(e.s)));
  const batched = entries.filter((e) => !oneByOne.has(messageOf(e.s)));
  const outcomes = new Map<(typeof entries)[number], BatchedOutcome>();
  let removable: number[] = [];
  try {
    await releaseBatch(db, unfit);
    const businessIds = new Map<string, string | null>();
    for (const e of entries) {
      if (!oneByOne.has(messageOf(e.s))) continue;
      if (!businessIds.has(e.s.phoneNumberId)) businessIds.set(e.s.phoneNumberId, (await businessByPhoneNumberId(db, e.s.phoneNumberId))?.id ?? null);
      const businessId = businessIds.get(e.s.phoneNumberId) ?? null;
      const pricing = e.s.pricing ? { ...e.s.pricing, at: e.s.timestamp } : null;
      const result = businessId
        ? await applyStatus(db, businessId, { channelMessageId: e.s.wamid, status: e.s.status, error: whatsAppStatusFailure(e.s.error), pricing })
        : "unknown";
      outcomes.set(e, { businessId, known: result !== "unknown" });
    }
    removable = bodies
      .filter((body, b) => body.job.id !== undefined && entries.every((e) => e.b !== b || !oneByOne.has(messageOf(e.s)) || outcomes.get(e)?.known))
      .map((body) => body.job.id as number);
    if (batched.length) {
      const keys = sql.join(
        [...new Set(batched.map((e) => e.s.phoneNumberId))].map((n) => sql`${n}`),
        sql`, `,
      );
      const results = await applyStatuses(
        db,
        "whatsapp",
        sql`select id as business_id, whatsapp_phone_number_id as key from businesses where whatsapp_phone_number_id in (${keys})`,
        batched.map((e) => ({
          key: e.s.phoneNumberId,
          tag: bodies[e.b].job.id ?? -1,
          channelMessageId: e.s.wamid,
          status: e.s.status as "sent" | "delivered" | "read",
          pricing: e.s.pricing ? { ...e.s.pricing, at: e.s.timestamp } : null,
        })),
        (unknownTags) => jobsRemoval(removable, unknownTags),
      );
      for (const [i, e] of batched.entries()) outcomes.set(e, results[i]);
    }
  } catch (err) {
    // Nothing of the batch's statement was committed: the other bodies go back to the queue untried.
    await releaseBatch(
      db,
      swept.map((j) => j.id).filter((id) => !unfit.includes(id)),
    ).catch((e) => log.warn({ err: e }, "could not hand a status batch back (taken again when its lease runs out)"));
    throw err;
  }
  let ownDone = false;
  let ownParts: { unusable: UnusablePart[]; unknown: UnusablePart[] } = { unusable: [], unknown: [] };
  for (const [b, body] of bodies.entries()) {
    const mine = entries.filter((e) => e.b === b);
    const removed = batched.length > 0 && body.job.id !== undefined && removable.includes(body.job.id) && mine.every((e) => outcomes.get(e)?.known);
    const parts: typeof ownParts = { unusable: [], unknown: [] };
    for (const e of mine) {
      const outcome = outcomes.get(e);
      if (!outcome?.businessId) parts.unusable.push(unknownNumber(e.s));
      else if (!outcome.known) parts.unknown.push(unknownMessage(e.s, outcome.businessId));
    }
    if (parts.unusable.length) log.warn({ phoneNumberIds: numbers }, "webhook for an unknown phone_number_id: skipped");
    if (b === 0) {
      ownDone = removed;
      ownParts = parts;
      continue;
    }
    if (removed) continue;
    const other = body.job as ClaimedJob;
    if (parts.unknown.length && other.attempts < STATUS_RETRY_ATTEMPTS) {
      await retryJob(db, other, 500 * other.attempts, `${parts.unknown.length} status update(s) for messages not recorded yet`);
      continue;
    }
    if (parts.unusable.length || parts.unknown.length) await recordUnusable(db, "whatsapp", [...parts.unusable, ...parts.unknown]);
    await completeJob(db, other.id);
  }
  if (ownDone) return JOB_COMPLETED;
  // A status may overtake the delivery job that records its message: wait a little before giving up on it.
  if (ownParts.unknown.length && job.attempts < STATUS_RETRY_ATTEMPTS) {
    throw new RetryLater(500 * job.attempts, `${ownParts.unknown.length} status update(s) for messages not recorded yet`);
  }
  if (ownParts.unknown.length) log.warn({ statuses: ownParts.unknown.length }, "status updates for unknown messages: kept as unusable");
  await keep([...ownParts.unusable, ...ownParts.unknown]);
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

/** The inbound job, each run receiving its messages as `receive()` says (the server's answers turns with them). */
export const inboundJobWith = (receive: () => ReceiveOptions) =>
  runs(inboundWebhook, (payload, job) => processInboundWebhook(defaultDb(), String(payload.body ?? ""), job, undefined, receive()));

/** The inbound job: every turn queued as a job of its own. */
export const inboundJob = inboundJobWith(() => ({}));
