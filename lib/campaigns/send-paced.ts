import "server-only";
import { sql } from "drizzle-orm";
import { type ChannelAdapter, ChannelError, businessAdapter, failureOf, type OutboundMedia } from "../channels";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import type { businesses, campaigns, MessageMedia, RecipientError, templates } from "../db/schema";
import { mediaFileById, readMediaBytes } from "../media/media-files";
import { templateSend } from "../templates/templates";
import { type Claimed, type Outcome, settle } from "./settle";

// A pass's sends, evenly spaced: consecutive sends of a business's campaigns start at least 1/rate
// seconds apart, in one pass and across passes, and no window of WINDOW_MS holds more than the rate,
// with the requests still in flight counted. Outcomes are settled every FLUSH_MS while the pass goes on.

/** Requests in flight at once in a pass (also bounds what a crash can leave unknown). */
export const MAX_IN_FLIGHT = 32;
const FLUSH_MS = 100;
/** Rate-limit and transient retries of one recipient before it counts as failed. */
const MAX_ATTEMPTS = 8;
// The pace's window is a little longer than a second. A send holds a place in it from its start until
// WINDOW_MS after its answer (in flight, then in the log): WhatsApp accepted it somewhere in between, so
// two seconds' sends never look like one second's on the wire, even when requests leave late.
const WINDOW_MS = 1080;
/** Sends in a pass go out in slices every 50 ms, not all at the start of the second. */
const SLICES_PER_SECOND = 20;

// When this process's passes of each business started their recent sends: no window of WINDOW_MS holds
// more than the pace. A pass in another process starts from the campaign messages of the last window.
const sendLogs = new Map<string, number[]>();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type PacedSend = {
  business: typeof businesses.$inferSelect;
  campaign: typeof campaigns.$inferSelect;
  template: typeof templates.$inferSelect;
  /** This pass's claim token: only it may settle the claimed rows. */
  claim: string;
  claimed: Claimed[];
  /** Sends per second. */
  rate: number;
};

/**
 * Sends the claimed recipients at the pace, settling outcomes as they come. Stops starting sends
 * once the channel says the number is over its throughput: those left are `unsent`, and
 * `throttledMs` says how long to pause (null when the pass was never throttled).
 */
export async function sendPaced(db: Db, p: PacedSend): Promise<{ unsent: Claimed[]; throttledMs: number | null }> {
  const { business, campaign, template, claim, claimed, rate } = p;
  const businessId = business.id;
  // Each recipient goes out on their contact's channel; the business's adapters are made once a pass.
  const adapters = { whatsapp: businessAdapter("whatsapp", business), sandbox: businessAdapter("sandbox", business) };
  // A media header's file goes to each channel once a pass, not once a recipient.
  const header = await headerFile(db, campaign);
  const files: Partial<Record<Claimed["channel"], Promise<OutboundMedia | null>>> = {};
  const fileFor = (channel: Claimed["channel"]) => {
    files[channel] ??= header ? uploadOnce(header, adapters[channel]) : Promise.resolve(null);
    return files[channel];
  };
  const outcomes: Outcome[] = [];
  let flushing: Promise<void> = Promise.resolve();
  const flush = () => {
    const batch = outcomes.splice(0);
    if (batch.length) flushing = flushing.then(() => settle(db, businessId, campaign.id, claim, batch));
    return flushing;
  };
  const flusher = setInterval(flush, FLUSH_MS);

  let throttled = false;
  let throttledMs = 0;
  const log = await sendLog(db, businessId);
  const passStart = Date.now();
  const slice = Math.max(1, Math.ceil(rate / SLICES_PER_SECOND));
  let started = 0;
  const inFlight = new Set<Promise<void>>();
  const unsent: Claimed[] = [];
  try {
    for (const r of claimed) {
      if (throttled) {
        unsent.push(r);
        continue;
      }
      // Wait for a free request slot, room in the pace's window, and this send's slice of the second.
      for (;;) {
        while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
        const now = Date.now();
        while (log.length && now - log[0] >= WINDOW_MS) log.shift();
        const allowed = Math.floor(((now - passStart) / 1000) * rate) + slice;
        // A send in flight counts too: it reaches WhatsApp at some moment before its answer comes back.
        const inWindow = log.length + inFlight.size;
        if (inWindow < rate && started < allowed) break;
        const untilWindow = inWindow >= rate ? (log.length ? log[0] + WINDOW_MS - now : 1) : 0;
        const untilSlice = started >= allowed ? ((started - slice + 1) / rate) * 1000 - (now - passStart) : 0;
        await sleep(Math.max(1, untilWindow, untilSlice));
      }
      if (throttled) {
        unsent.push(r);
        continue;
      }
      started++;
      const p = sendOne(r, template, adapters[r.channel], header, fileFor(r.channel)).then((o) => {
        // Logged when its answer came back: WhatsApp accepted it at some moment between its start and
        // now, so with the sends in flight counted (above) no second at WhatsApp holds more than the
        // pace, however late a stalled process's requests reach the wire.
        log.push(Date.now());
        if (o.kind === "retry" && o.slowDownMs > 0) {
          throttled = true;
          throttledMs = o.slowDownMs;
        }
        outcomes.push(o);
      });
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    await Promise.all(inFlight);
  } finally {
    clearInterval(flusher);
  }
  await flush();
  return { unsent, throttledMs: throttled ? throttledMs : null };
}

/** This process's log of the business's recent campaign sends, seeded from the database when empty. */
async function sendLog(db: Db, businessId: string): Promise<number[]> {
  let log = sendLogs.get(businessId);
  if (!log?.length) {
    // Accepted-at is a little after the request left, so this errs on the slow side.
    const rows = await queryRows<{ at: string | Date }>(
      db,
      sql`select channel_timestamp as at from messages where business_id = ${businessId} and source = 'campaign'
        and channel_timestamp > now() - make_interval(secs => ${WINDOW_MS / 1000}) order by channel_timestamp`,
    );
    log = rows.map((r) => new Date(r.at).getTime());
    sendLogs.set(businessId, log);
  }
  return log;
}

type HeaderFile = { media: MessageMedia; outbound: OutboundMedia };

/** The campaign's media header file, as the thread keeps it and as a channel reads it. */
async function headerFile(db: Db, campaign: PacedSend["campaign"]): Promise<HeaderFile | null> {
  const h = campaign.components?.header;
  if (!h || !("fileId" in h)) return null;
  const file = await mediaFileById(db, h.fileId);
  if (!file) return null;
  const filename = h.filename ?? file.filename;
  return {
    media: { fileId: file.id, kind: h.kind, mimeType: file.mimeType, size: file.size, filename, caption: null, status: "ready" },
    outbound: { kind: h.kind, mimeType: file.mimeType, filename, caption: null, size: file.size, open: () => readMediaBytes(db, file) },
  };
}

/** The header file uploaded to the channel once (when it takes files); a failed upload leaves each send to try its own. */
async function uploadOnce(header: HeaderFile, adapter: ChannelAdapter): Promise<OutboundMedia> {
  const { outbound } = header;
  if (!adapter.media) return outbound;
  try {
    const filename = outbound.filename ?? `${outbound.kind}.${outbound.mimeType.split("/")[1] ?? "bin"}`;
    const channelId = await adapter.media.upload({ bytes: await outbound.open(), mimeType: outbound.mimeType, filename, size: outbound.size });
    return { ...outbound, channelId };
  } catch {
    return outbound;
  }
}

async function sendOne(
  r: Claimed,
  tpl: typeof templates.$inferSelect,
  adapter: ChannelAdapter,
  header: HeaderFile | null,
  file: Promise<OutboundMedia | null>,
): Promise<Outcome> {
  try {
    // Named parameters by name, the header's value or file, the buttons' values, and the template's
    // footer and buttons kept for the thread (templateSend).
    const c = r.components;
    const sent = templateSend(tpl, {
      name: tpl.name,
      language: tpl.language,
      variables: r.variables,
      header: header ? { media: { id: header.media.fileId as string } } : c?.header !== undefined ? { text: c.header } : undefined,
      buttons: c?.buttons,
    });
    const receipt = await adapter.send({
      id: `campaign-recipient-${r.id}`,
      to: r.phone,
      type: "template",
      text: sent.text,
      template: sent.payload,
      interactive: null,
      media: header ? await file : null,
    });
    return { kind: "sent", r, receipt, text: sent.text, template: sent.payload, media: header?.media ?? null };
  } catch (err) {
    return classify(r, err);
  }
}

function classify(r: Claimed, err: unknown): Outcome {
  if (!(err instanceof ChannelError)) {
    return { kind: "failed", r, error: { code: "channel_error", message: String((err as Error)?.message ?? err), channelCode: null } };
  }
  const error: RecipientError = {
    code: failureOf(err),
    message: err.message,
    channelCode: err.code,
  };
  if (err.slowDown) return { kind: "retry", r, delayMs: 0, error, slowDownMs: err.retryDelayMs(1) };
  if (err.kind === "rate_limited" || err.kind === "transient") {
    // A request that got no answer (a timeout) may have been sent: not sent again, reported instead.
    if (err.code === null && /abort|timeout|timed out/i.test(err.message)) {
      return {
        kind: "failed",
        r,
        error: { code: "unconfirmed", message: `No answer from WhatsApp (${err.message}): not sent again.`, channelCode: null },
      };
    }
    if (r.attempts + 1 >= MAX_ATTEMPTS) return { kind: "failed", r, error };
    const delayMs = err.retryDelayMs(r.attempts + 1) || 1000;
    return { kind: "retry", r, delayMs, error, slowDownMs: 0 };
  }
  return { kind: "failed", r, error };
}
