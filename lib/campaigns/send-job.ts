import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { ChannelName } from "../channels";
import { type Db, db as defaultDb } from "../db/client";
import { queryRows } from "../db/rows";
import { businesses, campaignRecipients, campaignSettings, campaigns, templates } from "../db/schema";
import { emitEvent } from "../events/emit";
import type { ClaimedJob } from "../jobs/queue";
import { RetryLater, runs } from "../jobs/worker";
import { outboundChannel } from "../messages/outbound";
import { campaignCounts, campaignSend, getCampaignSettings } from "./campaigns";
import { sendPaced } from "./send-paced";
import { messagingLimitUse } from "./messaging-limit";
import { type Claimed, settle } from "./settle";

// The campaign send job (`campaigns.send`, one per business, orderKey `campaigns:<business>`): each
// run is one pass of about a second that claims a slice of pending recipients and sends them evenly
// spaced (./send-paced.ts), then asks to run again (RetryLater, not counted as an attempt). So a
// campaign holds one worker slot at most, the conversational queues keep the others, and its pace is
// a property of the spacing: consecutive sends of a business's campaigns start at least 1/rate
// seconds apart, in one pass and across passes (a pass ends one spacing after its last send), so no
// one-second window holds more.
//
// Nobody gets a campaign twice: a recipient row is claimed (pending -> sending with this pass's token)
// before its request leaves, and only that pass may settle it (./settle.ts). A pass that dies (kill -9,
// a lost machine) leaves its claimed rows in `sending`; the next pass cannot know whether WhatsApp took
// them, so it marks them failed with `interrupted` rather than risk a second copy. Only rows that were
// in flight at the crash are affected, at most one pass's worth and usually a handful.

/** The share of the number's throughput campaigns may use at most: the rest stays for replies. */
const CONVERSATIONAL_RESERVE = 0.1;

type Campaign = typeof campaigns.$inferSelect;
type Settings = Awaited<ReturnType<typeof getCampaignSettings>>;

export type PassResult = { sent: number; nextInMs: number | null };

export const campaignSendJob = runs(campaignSend, async (payload, job) => {
  const result = await runCampaignPass(defaultDb(), String(payload.businessId), job);
  if (result.nextInMs !== null) throw new RetryLater(result.nextInMs, "campaign paced", false);
});

/**
 * One pass for a business: the rows a dead pass left in flight fail as interrupted; due campaigns
 * start; the pace and the day's budget are worked out; opted-out recipients are skipped; a slice of
 * the oldest due campaign's recipients is claimed, sent evenly spaced and settled; what a throughput
 * limit left unsent goes back to pending, and the pace follows the channel. `nextInMs` null means
 * nothing is left to send or wait for.
 */
export async function runCampaignPass(db: Db, businessId: string, _job?: Pick<ClaimedJob, "attempts">): Promise<PassResult> {
  await failInterrupted(db, businessId);
  await startDue(db, businessId);
  const running = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.businessId, businessId), eq(campaigns.status, "running")))
    .orderBy(campaigns.createdAt, campaigns.id);
  if (!running.length) return { sent: 0, nextInMs: await untilNextScheduled(db, businessId) };

  const settings = await getCampaignSettings(db, businessId);
  const [business] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  if (!business) return { sent: 0, nextInMs: null };
  const pace = await passPace(db, businessId, settings);
  if ("waitMs" in pace) return { sent: 0, nextInMs: pace.waitMs };

  await skipOptedOut(db, running);
  const campaign = await dueCampaign(db, running);
  const claim = randomBytes(9).toString("base64url");
  const claimed = await claimRecipients(db, businessId, campaign, claim, pace.budget);
  if (!claimed.length) return { sent: 0, nextInMs: await untilBackoffEnds(db, businessId, running) };

  const template = await approvedTemplate(db, businessId, campaign);
  if (!template) {
    await failAll(db, businessId, campaign, claim, claimed);
    return { sent: 0, nextInMs: 0 };
  }
  const { unsent, throttledMs } = await sendPaced(db, { business, campaign, template, claim, claimed, rate: pace.rate });
  await releaseUnsent(db, claim, unsent);
  await followThePace(db, businessId, settings, throttledMs !== null);
  await completeFinished(db, businessId);
  // Throttled: pause as the channel says. Otherwise the next pass may start at once: the send log holds it to the pace.
  return { sent: claimed.length - unsent.length, nextInMs: throttledMs ?? 0 };
}

/** Passes of one business never overlap (the orderKey), so rows still `sending` belong to a pass that died. */
async function failInterrupted(db: Db, businessId: string) {
  await db.execute(sql`update campaign_recipients set status = 'failed', claim = null, updated_at = now(),
      error = ${JSON.stringify({
        code: "interrupted",
        message: "The send was interrupted (the worker stopped mid-request): it may or may not have reached the customer, so it is not sent again.",
        channelCode: null,
      })}::jsonb
    where business_id = ${businessId} and status = 'sending'`);
}

/** scheduled -> running for campaigns whose time has come; running -> completed for those with nobody left. */
async function startDue(db: Db, businessId: string) {
  await db.execute(sql`update campaigns set status = 'running', started_at = now(), updated_at = now()
    where business_id = ${businessId} and status = 'scheduled' and scheduled_at <= now()`);
  await completeFinished(db, businessId);
}

/**
 * This pass's rate (sends per second) and budget (recipients it may claim), or how long to wait when
 * the day's messaging limit is used up.
 */
async function passPace(db: Db, businessId: string, settings: Settings): Promise<{ rate: number; budget: number } | { waitMs: number }> {
  // Conversational sends go first: what the business sent in the last two seconds (replies, agents, the
  // API) is taken off the campaign's share of the number's throughput.
  const [recent] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from messages where business_id = ${businessId} and direction = 'outbound'
      and source <> 'campaign' and created_at > now() - interval '2 seconds'`,
  );
  const share = settings.throughputPerSecond * (1 - CONVERSATIONAL_RESERVE) - recent.n / 2;
  const rate = Math.max(1, Math.floor(Math.min(settings.ratePerSecond * settings.slowFactor, share)));
  // The messaging limit: Meta's for the business portfolio (campaigns/messaging-limit.ts), and the owner's
  // own, lower one when set; unique customers reached outside a service window in 24 h count against both.
  const use = await messagingLimitUse(db, businessId);
  const limits = [settings.dailyLimit, use.users].filter((n): n is number => typeof n === "number");
  if (!limits.length) return { rate, budget: rate };
  const left = Math.min(...limits) - use.used;
  if (left <= 0) {
    // Wait until the oldest of those leaves the 24-hour window (at least a minute, at most an hour).
    const frees = use.oldest ? use.oldest.getTime() + 24 * 3600_000 - Date.now() : 60_000;
    return { waitMs: Math.min(3600_000, Math.max(60_000, frees)) };
  }
  return { rate, budget: Math.min(rate, left) };
}

const idList = (running: Campaign[]) =>
  sql.join(
    running.map((c) => sql`${c.id}`),
    sql`, `,
  );

/** Those who opted out after a campaign was created are skipped at their turn. */
async function skipOptedOut(db: Db, running: Campaign[]) {
  await db.execute(sql`update campaign_recipients r set status = 'skipped', updated_at = now()
    where r.campaign_id in (${idList(running)}) and r.status = 'pending' and exists (select 1 from campaign_opt_outs o
      where o.business_id = r.business_id and o.contact_id = r.contact_id and o.opted_out)`);
}

/**
 * The oldest running campaign with someone due; one whose remaining recipients all wait out a backoff
 * does not hold up the next.
 */
async function dueCampaign(db: Db, running: Campaign[]): Promise<Campaign> {
  const [due] = await queryRows<{ id: string }>(
    db,
    sql`select c.id from campaigns c where c.id in (${idList(running)}) and exists (select 1 from campaign_recipients r
      where r.campaign_id = c.id and r.status = 'pending' and (r.not_before is null or r.not_before <= now()))
      order by c.created_at, c.id limit 1`,
  );
  return running.find((c) => c.id === due?.id) ?? running[0];
}

/** Up to `budget` due recipients, pending -> sending under this pass's claim, each with the channel it goes out on. */
async function claimRecipients(db: Db, businessId: string, campaign: Campaign, claim: string, budget: number): Promise<Claimed[]> {
  const rows = await queryRows<{
    id: string | number;
    contact_id: string;
    phone: string;
    variables: string[];
    components: Claimed["components"];
    attempts: number;
    channel: ChannelName;
  }>(
    db,
    sql`update campaign_recipients r set status = 'sending', claim = ${claim}, updated_at = now()
      from contacts c
      where c.id = r.contact_id and r.id in (select id from campaign_recipients where campaign_id = ${campaign.id} and status = 'pending'
        and (not_before is null or not_before <= now()) order by id limit ${budget} for update skip locked)
      returning r.id, r.contact_id, r.phone, r.variables, r.components, r.attempts, ${outboundChannel(businessId, sql`c.channel`, false)} as channel`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    contactId: r.contact_id,
    phone: r.phone,
    variables: r.variables,
    components: r.components ?? null,
    attempts: r.attempts,
    channel: r.channel,
  }));
}

/** Nothing could be claimed: everything left waits out a pair-rate or transient backoff; come back when the first is due. */
async function untilBackoffEnds(db: Db, businessId: string, running: Campaign[]): Promise<number | null> {
  const [next] = await queryRows<{ at: string | Date | null }>(
    db,
    sql`select min(not_before) as at from campaign_recipients where campaign_id in (${idList(running)}) and status = 'pending'`,
  );
  await completeFinished(db, businessId);
  if (next?.at) return Math.max(50, new Date(next.at).getTime() - Date.now());
  return untilNextScheduled(db, businessId);
}

/** The campaign's template, while it is approved. */
async function approvedTemplate(db: Db, businessId: string, campaign: Campaign) {
  const [template] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.businessId, businessId), eq(templates.name, campaign.templateName), eq(templates.language, campaign.templateLanguage)));
  return template?.status === "approved" ? template : null;
}

/** Deleted or no longer approved since the campaign was created: nobody can get it. */
async function failAll(db: Db, businessId: string, campaign: Campaign, claim: string, claimed: Claimed[]) {
  await settle(
    db,
    businessId,
    campaign.id,
    claim,
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
}

/** Claimed but not sent because the channel said "too fast": back to pending, no attempt spent. */
async function releaseUnsent(db: Db, claim: string, unsent: Claimed[]) {
  if (!unsent.length) return;
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

/**
 * 130429 halves the pace (Meta knows the number's real throughput better than the settings), and
 * clean passes grow it back by a quarter up to the setting.
 */
async function followThePace(db: Db, businessId: string, settings: Settings, throttled: boolean) {
  const factor = throttled ? Math.max(0.05, settings.slowFactor / 2) : Math.min(1, settings.slowFactor * 1.25);
  if (factor === settings.slowFactor) return;
  await db
    .insert(campaignSettings)
    .values({ businessId, slowFactor: factor })
    .onConflictDoUpdate({ target: campaignSettings.businessId, set: { slowFactor: factor, updatedAt: sql`now()` } });
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
