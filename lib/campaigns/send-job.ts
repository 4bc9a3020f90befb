import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { type ChannelAdapter, ChannelError, type ChannelName, type ChannelReceipt, businessAdapter, failureCode } from "../channels";
import { type Db, db as defaultDb } from "../db/client";
import { queryRows } from "../db/rows";
import { businesses, type RecipientError, campaignRecipients, campaignSettings, campaigns, templates } from "../db/schema";
import { emitEvent } from "../events/emit";
import type { ClaimedJob } from "../jobs/queue";
import { RetryLater, runs } from "../jobs/worker";
import { outboundChannel, recordAccepted } from "../messages/outbound";
import { renderTemplate } from "../shared/template-schema";
import { campaignCounts, campaignSend, getCampaignSettings } from "./campaigns";

// The campaign send job (`campaigns.send`, one per business, orderKey `campaigns:<business>`): each
// run is one pass of about a second that claims a slice of pending recipients and sends them evenly
// spaced, then asks to run again (RetryLater, not counted as an attempt). So a campaign holds one worker
// slot at most, the conversational queues keep the others, and its pace is a property of the spacing:
// consecutive sends of a business's campaigns start at least 1/rate seconds apart, in one pass and
// across passes (a pass ends one spacing after its last send), so no one-second window holds more.
//
// Nobody gets a campaign twice: a recipient row is claimed (pending -> sending with this pass's token)
// before its request leaves, and only that pass may settle it. A pass that dies (kill -9, a lost
// machine) leaves its claimed rows in `sending`; the next pass cannot know whether WhatsApp took them,
// so it marks them failed with `interrupted` rather than risk a second copy. Only rows that were in
// flight at the crash are affected, at most one pass's worth and usually a handful.

/** The share of the number's throughput campaigns may use at most: the rest stays for replies. */
const CONVERSATIONAL_RESERVE = 0.1;
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

type Claimed = { id: number; contactId: string; phone: string; variables: string[]; attempts: number; channel: ChannelName };
type Outcome =
  | { kind: "sent"; r: Claimed; receipt: ChannelReceipt; text: string }
  | { kind: "failed"; r: Claimed; error: RecipientError }
  /** slowDownMs: the channel says the sending number is over its throughput; > 0 ends the pass and pauses this long. */
  | { kind: "retry"; r: Claimed; delayMs: number; error: RecipientError; slowDownMs: number };

export type PassResult = { sent: number; nextInMs: number | null };

export const campaignSendJob = runs(campaignSend, async (payload, job) => {
  const result = await runCampaignPass(defaultDb(), String(payload.businessId), job);
  if (result.nextInMs !== null) throw new RetryLater(result.nextInMs, "campaign paced", false);
});

/** One pass for a business; `nextInMs` null means nothing is left to send or wait for. */
export async function runCampaignPass(db: Db, businessId: string, _job?: Pick<ClaimedJob, "attempts">): Promise<PassResult> {
  // Passes of one business never overlap (the orderKey), so rows still `sending` belong to a pass that died.
  await db.execute(sql`update campaign_recipients set status = 'failed', claim = null, updated_at = now(),
      error = ${JSON.stringify({
        code: "interrupted",
        message: "The send was interrupted (the worker stopped mid-request): it may or may not have reached the customer, so it is not sent again.",
        channelCode: null,
      })}::jsonb
    where business_id = ${businessId} and status = 'sending'`);
  await db.execute(sql`update campaigns set status = 'running', started_at = now(), updated_at = now()
    where business_id = ${businessId} and status = 'scheduled' and scheduled_at <= now()`);
  await completeFinished(db, businessId);

  const running = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.businessId, businessId), eq(campaigns.status, "running")))
    .orderBy(campaigns.createdAt, campaigns.id);
  if (!running.length) return { sent: 0, nextInMs: await untilNextScheduled(db, businessId) };

  const settings = await getCampaignSettings(db, businessId);
  const [business] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  if (!business) return { sent: 0, nextInMs: null };

  // Conversational sends go first: what the business sent in the last two seconds (replies, agents, the
  // API) is taken off the campaign's share of the number's throughput.
  const [recent] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from messages where business_id = ${businessId} and direction = 'outbound'
      and source <> 'campaign' and created_at > now() - interval '2 seconds'`,
  );
  const share = settings.throughputPerSecond * (1 - CONVERSATIONAL_RESERVE) - recent.n / 2;
  const rate = Math.max(1, Math.floor(Math.min(settings.ratePerSecond * settings.slowFactor, share)));

  // The messaging-limit tier: unique customers reached by business-initiated (template) messages in 24 h.
  let budget = rate;
  if (settings.dailyLimit !== null) {
    const [used] = await queryRows<{ n: number; oldest: string | Date | null }>(
      db,
      sql`select count(distinct contact_id)::int as n, min(created_at) as oldest from messages where business_id = ${businessId}
        and direction = 'outbound' and type = 'template' and status <> 'failed' and created_at > now() - interval '24 hours'`,
    );
    const left = settings.dailyLimit - used.n;
    if (left <= 0) {
      // Wait until the oldest of those leaves the 24-hour window (at least a minute, at most an hour).
      const frees = used.oldest ? new Date(used.oldest).getTime() + 24 * 3600_000 - Date.now() : 60_000;
      return { sent: 0, nextInMs: Math.min(3600_000, Math.max(60_000, frees)) };
    }
    budget = Math.min(budget, left);
  }

  // Those who opted out after a campaign was created are skipped at their turn.
  const runningIds = sql.join(
    running.map((c) => sql`${c.id}`),
    sql`, `,
  );
  await db.execute(sql`update campaign_recipients r set status = 'skipped', updated_at = now()
    where r.campaign_id in (${runningIds}) and r.status = 'pending' and exists (select 1 from campaign_opt_outs o
      where o.business_id = r.business_id and o.contact_id = r.contact_id and o.opted_out)`);
  // The oldest running campaign with someone due; one whose remaining recipients all wait out a
  // backoff does not hold up the next.
  const [due] = await queryRows<{ id: string }>(
    db,
    sql`select c.id from campaigns c where c.id in (${runningIds}) and exists (select 1 from campaign_recipients r
      where r.campaign_id = c.id and r.status = 'pending' and (r.not_before is null or r.not_before <= now()))
      order by c.created_at, c.id limit 1`,
  );
  const campaign = running.find((c) => c.id === due?.id) ?? running[0];

  const claim = randomBytes(9).toString("base64url");
  const claimed = (
    await queryRows<{ id: string | number; contact_id: string; phone: string; variables: string[]; attempts: number; channel: ChannelName }>(
      db,
      sql`update campaign_recipients r set status = 'sending', claim = ${claim}, updated_at = now()
      from contacts c
      where c.id = r.contact_id and r.id in (select id from campaign_recipients where campaign_id = ${campaign.id} and status = 'pending'
        and (not_before is null or not_before <= now()) order by id limit ${budget} for update skip locked)
      returning r.id, r.contact_id, r.phone, r.variables, r.attempts, ${outboundChannel(businessId, sql`c.channel`, false)} as channel`,
    )
  ).map((r) => ({ id: Number(r.id), contactId: r.contact_id, phone: r.phone, variables: r.variables, attempts: r.attempts, channel: r.channel }));

  if (!claimed.length) {
    // Everything left waits out a pair-rate or transient backoff: come back when the first is due.
    const [next] = await queryRows<{ at: string | Date | null }>(
      db,
      sql`select min(not_before) as at from campaign_recipients where campaign_id in (${runningIds}) and status = 'pending'`,
    );
    await completeFinished(db, businessId);
    if (next?.at) return { sent: 0, nextInMs: Math.max(50, new Date(next.at).getTime() - Date.now()) };
    return { sent: 0, nextInMs: await untilNextScheduled(db, businessId) };
  }

  const [template] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.businessId, businessId), eq(templates.name, campaign.templateName), eq(templates.language, campaign.templateLanguage)));
  if (template?.status !== "approved") {
    // Deleted or no longer approved since the campaign was created: nobody can get it.
    await settle(
      db,
      businessId,
      campaign.id,
      claim,
      [],
      claimed.map((r) => ({
        kind: "failed" as const,
        r,
        error: {
          code: "template_not_approved",
          message: `Template ${campaign.templateName} (${campaign.templateLanguage}) is no longer approved.`,
          channelCode: null,
        },
      })),
    );
    return { sent: 0, nextInMs: 0 };
  }

  // Each recipient goes out on their contact's channel; the business's adapters are made once a pass.
  const adapters = { whatsapp: businessAdapter("whatsapp", business), sandbox: businessAdapter("sandbox", business) };
  const outcomes: Outcome[] = [];
  let flushing: Promise<void> = Promise.resolve();
  const flush = () => {
    const batch = outcomes.splice(0);
    if (batch.length)
      flushing = flushing.then(() => settle(db, businessId, campaign.id, claim, [campaign.templateName, campaign.templateLanguage], batch));
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
      const text = renderTemplate(template.body, r.variables);
      const p = sendOne(r, text, { name: template.name, language: template.language }, adapters[r.channel]).then((o) => {
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
  // Claimed but not sent because WhatsApp said "too fast": back to pending, no attempt spent.
  if (unsent.length) {
    await db
      .update(campaignRecipients)
      .set({ status: "pending", claim: null, updatedAt: sql`now()` })
      .where(
        and(
          inArray(
            campaignRecipients.id,
            unsent.map((r) => r.id),
          ),
          eq(campaignRecipients.claim, claim),
          eq(campaignRecipients.status, "sending"),
        ),
      );
  }

  // 130429 halves the pace (Meta knows the number's real throughput better than the settings), and
  // clean passes grow it back by a quarter up to the setting.
  const factor = throttled ? Math.max(0.05, settings.slowFactor / 2) : Math.min(1, settings.slowFactor * 1.25);
  if (factor !== settings.slowFactor) {
    await db
      .insert(campaignSettings)
      .values({ businessId, slowFactor: factor })
      .onConflictDoUpdate({ target: campaignSettings.businessId, set: { slowFactor: factor, updatedAt: sql`now()` } });
  }
  await completeFinished(db, businessId);
  const sent = claimed.length - unsent.length;
  if (throttled) return { sent, nextInMs: throttledMs };
  // The next pass may start at once: the send log holds it to the pace.
  return { sent, nextInMs: 0 };
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

async function sendOne(r: Claimed, text: string, tpl: { name: string; language: string }, adapter: ChannelAdapter): Promise<Outcome> {
  try {
    const receipt = await adapter.send({
      id: `campaign-recipient-${r.id}`,
      to: r.phone,
      type: "template",
      text,
      template: { name: tpl.name, language: tpl.language, variables: r.variables },
      interactive: null,
    });
    return { kind: "sent", r, receipt, text };
  } catch (err) {
    return classify(r, err);
  }
}

function classify(r: Claimed, err: unknown): Outcome {
  if (!(err instanceof ChannelError)) {
    return { kind: "failed", r, error: { code: "channel_error", message: String((err as Error)?.message ?? err), channelCode: null } };
  }
  const error: RecipientError = {
    code: failureCode(err.kind),
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

/**
 * Writes a batch of outcomes in one transaction, each guarded by this pass's claim: sent recipients
 * get their message through the outbound core (a normal outbound message in the customer's
 * conversation, so status callbacks, the inbox and replies work as for any other) and `message.sent`.
 */
async function settle(db: Db, businessId: string, campaignId: string, claim: string, tpl: string[], batch: Outcome[]) {
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
        template: { name: tpl[0], language: tpl[1], variables: o.r.variables },
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
        await tx
          .update(campaignRecipients)
          .set({ status: "failed", claim: null, error: o.error, attempts: o.r.attempts + 1, updatedAt: sql`now()` })
          .where(and(eq(campaignRecipients.id, o.r.id), eq(campaignRecipients.claim, claim), eq(campaignRecipients.status, "sending")));
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

/** running -> completed for campaigns with nobody left to send, with `campaign.completed` (once: the move is guarded). */
async function completeFinished(db: Db, businessId: string) {
  await db.transaction(async (tx) => {
    const done = await queryRows<{ id: string; name: string }>(
      tx,
      sql`update campaigns c set status = 'completed', completed_at = now(), updated_at = now()
        where c.business_id = ${businessId} and c.status = 'running'
          and not exists (select 1 from campaign_recipients r where r.campaign_id = c.id and r.status in ('pending', 'sending'))
        returning c.id, c.name`,
    );
    if (!done.length) return;
    const counts = await campaignCounts(
      tx,
      done.map((d) => d.id),
    );
    for (const d of done) {
      await emitEvent(tx, businessId, "campaign.completed", { campaign: { id: d.id, name: d.name, counts: counts.get(d.id) } });
    }
  });
}

async function untilNextScheduled(db: Db, businessId: string): Promise<number | null> {
  const [row] = await queryRows<{ at: string | Date | null }>(
    db,
    sql`select min(scheduled_at) as at from campaigns where business_id = ${businessId} and status = 'scheduled'`,
  );
  return row?.at ? Math.max(0, new Date(row.at).getTime() - Date.now()) : null;
}
