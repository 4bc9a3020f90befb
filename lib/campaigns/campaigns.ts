import "server-only";
import { z } from "zod";
import { and, eq, inArray, sql } from "drizzle-orm";
import { zonedInstant } from "../time/time-zone";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import {
  businesses,
  type CampaignComponents,
  type CampaignStatus,
  campaignRecipients,
  campaignSettings,
  campaigns,
  contacts,
  type RecipientComponents,
} from "../db/schema";
import { AppError, invalid, notFound } from "../errors";
import { emitEvent } from "../events/emit";
import { newId } from "../ids";
import { defineJob } from "../jobs/job";
import { JOBS_CHANNEL } from "../jobs/queue";
import { iso, listPage, type Page, type PageParams } from "../pagination";
import { placeholderCount, renderTemplate } from "../shared/template-schema";
import { holdMediaFile } from "../media/media-files";
import { resolveOutboundMedia } from "../media/outbound-media";
import { assertSendable, findTemplate, type TemplateRow, templateSend } from "../templates/templates";
import { audienceContacts, audienceCount, audiencePhones } from "./audience";
import { type AudienceIn, type CampaignIn, type CampaignOut, isRealDateTime, type RecipientOut } from "./campaign-schema";
import { renderVariable, renderVariables, type VariableContact } from "./variables";

/** A business's campaign sender (send-job.ts): one per business, ensured by ensureSendJob. */
export const campaignSend = defineJob({ name: "campaigns.send", payload: z.object({ businessId: z.string() }), maxAttempts: 1000 });
export const campaignOrderKey = (businessId: string) => `campaigns:${businessId}`;

type CampaignRow = typeof campaigns.$inferSelect;
type Counts = CampaignOut["counts"];

// ---- scheduling ----

/**
 * `scheduledAt` as an instant: with an offset (or Z) as given; without one, a wall-clock time in the
 * business's time zone, DST included (19:00 in Lisbon is 19:00Z in winter and 18:00Z in summer).
 */
export function scheduleInstant(value: string, timeZone: string): Date {
  // The schema refuses these already; here too, so no caller gets an Invalid Date or a rolled-over one.
  if (!isRealDateTime(value)) throw invalid([{ path: "scheduledAt", message: "scheduledAt is not a real date and time." }]);
  if (/(Z|[+-]\d{2}:\d{2})$/.test(value)) return new Date(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) throw invalid([{ path: "scheduledAt", message: "scheduledAt must be an ISO date-time." }]);
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  return zonedInstant(timeZone, { year, month, day, hour, minute });
}

// ---- the send job ----

/**
 * Makes sure the business's send job will run by `runAt`: one job per business (the orderKey keeps its
 * passes one at a time, so two campaigns of one number share its pace). An idle job is pulled earlier;
 * when the job is running or absent, a new one is added (it waits behind the running one).
 */
export async function ensureSendJob(tx: Db, businessId: string, runAt: Date | null = null): Promise<void> {
  const key = campaignOrderKey(businessId);
  const at = runAt ? sql`${runAt.toISOString()}::timestamptz` : sql`now()`;
  const moved = await queryRows<{ id: string }>(
    tx,
    sql`update jobs set run_at = least(run_at, ${at}) where queue = ${campaignSend.name} and order_key = ${key}
      and status = 'pending' and locked_by is null returning id`,
  );
  if (moved.length) {
    await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${campaignSend.name})`);
    return;
  }
  await queryRows(
    tx,
    sql`with j as (insert into jobs (queue, payload, order_key, run_at, max_attempts)
      values (${campaignSend.name}, ${JSON.stringify({ businessId })}::jsonb, ${key}, ${at}, 1000) returning queue)
      select pg_notify(${JOBS_CHANNEL}, queue) from j`,
  );
}

// ---- creation ----

async function approvedTemplate(db: Db, businessId: string, name: string, language: string) {
  const template = await findTemplate(db, businessId, name, language);
  if (!template) throw new AppError("unknown_template", `No template ${name} (${language}) for this business.`);
  assertSendable(template);
  return template;
}

/**
 * The campaign's values checked against its template as a send's are (templateSend: a 400 naming
 * `template.header.media`, `template.buttons.2`, ...): the body's variables, a header's value or file,
 * the buttons' values. Expressions are checked as given; each recipient gets them filled.
 */
function checkTemplate(template: TemplateRow, ref: CampaignIn["template"]): void {
  checkVariables(template.body, ref.variables);
  const header = ref.header ? ("text" in ref.header ? { text: ref.header.text } : { media: ref.header.media }) : undefined;
  templateSend(template, { name: template.name, language: template.language, variables: ref.variables, header, buttons: ref.buttons });
}

/**
 * What the campaign keeps of the template's header and buttons. A media header's file is found (an
 * upload) or fetched (a URL) once, now: every recipient gets the same file, and a bad link is a 4xx
 * before anything is stored.
 */
async function campaignComponents(
  db: Db,
  businessId: string,
  template: TemplateRow,
  ref: CampaignIn["template"],
): Promise<CampaignComponents | null> {
  const out: CampaignComponents = {};
  const format = template.header?.format;
  if (ref.header && "media" in ref.header && format && format !== "text") {
    const media = await resolveOutboundMedia(db, businessId, { type: format, media: ref.header.media, filename: ref.header.filename });
    out.header = { fileId: media.fileId as string, kind: format, ...(ref.header.filename ? { filename: ref.header.filename } : {}) };
  } else if (ref.header && "text" in ref.header) out.header = { text: ref.header.text };
  if (ref.buttons?.length) out.buttons = ref.buttons;
  return out.header || out.buttons ? out : null;
}

/** A recipient's header text and button values: the campaign's expressions filled for the contact. */
function recipientComponents(components: CampaignComponents | null, contact: VariableContact): RecipientComponents | null {
  if (!components) return null;
  const header = components.header && "text" in components.header ? renderVariable(components.header.text, contact) : undefined;
  const buttons = components.buttons?.map((b) => ({ ...b, ...(b.text !== undefined ? { text: renderVariable(b.text, contact) } : {}) }));
  return { ...(header !== undefined ? { header } : {}), ...(buttons ? { buttons } : {}) };
}

function checkVariables(body: string, variables: string[]) {
  const expected = placeholderCount(body);
  if (variables.length !== expected) {
    throw invalid([{ path: "template.variables", message: `The template needs exactly ${expected} variables, got ${variables.length}.` }]);
  }
}

/**
 * The audience's size and, for a caller who may read contacts (`withContacts`), a few of them with the
 * template as each would receive it; without that, `sample` is empty: `campaigns:read` alone gives
 * counts, never names, phones or metadata (GET /v1/contacts would refuse the same caller).
 */
export async function previewAudience(
  db: Db,
  businessId: string,
  input: { audience: AudienceIn; template?: CampaignIn["template"] },
  { withContacts }: { withContacts: boolean },
) {
  const phones = audiencePhones(input.audience);
  const { count, optedOut, sample: contactsSample } = await audienceCount(db, businessId, input.audience, phones);
  const sample = withContacts ? contactsSample : [];
  let body: string | null = null;
  if (input.template) {
    const template = await approvedTemplate(db, businessId, input.template.name, input.template.language);
    checkTemplate(template, input.template);
    body = template.body;
  }
  return {
    count,
    optedOut,
    sample: sample.map((c) => ({
      phone: c.phone,
      name: c.name,
      text: body !== null && input.template ? renderTemplate(body, renderVariables(input.template.variables, c)) : "",
    })),
  };
}

export async function createCampaign(db: Db, businessId: string, input: CampaignIn): Promise<CampaignOut> {
  const template = await approvedTemplate(db, businessId, input.template.name, input.template.language);
  checkTemplate(template, input.template);
  const phones = audiencePhones(input.audience);
  const [business] = await db.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
  if (!business) throw notFound("business");
  const scheduledAt = input.scheduledAt ? scheduleInstant(input.scheduledAt, business.timeZone) : null;
  if (scheduledAt && scheduledAt.getTime() > Date.now() + 366 * 24 * 3600_000) {
    throw invalid([{ path: "scheduledAt", message: "scheduledAt must be within a year." }]);
  }
  const later = scheduledAt && scheduledAt.getTime() > Date.now();
  const id = newId("cmp");
  // The header's file is found or fetched before the transaction, as a send's is.
  const components = await campaignComponents(db, businessId, template, input.template);
  await db.transaction(async (tx) => {
    // The unused-file sweep leaves a file alone while a campaign that sends it is not finished.
    if (components?.header && "fileId" in components.header) await holdMediaFile(tx, businessId, components.header.fileId);
    if (phones?.length) await upsertPhones(tx, businessId, phones);
    const audience = await audienceContacts(tx, businessId, input.audience, phones);
    if (!audience.length) throw invalid([{ path: "audience", message: "The audience is empty (or everyone in it opted out)." }]);
    // The stored audience keeps the CSV's phones, not the CSV text.
    const { csv: _csv, ...stored } = input.audience;
    await tx.insert(campaigns).values({
      id,
      businessId,
      name: input.name,
      templateName: template.name,
      templateLanguage: template.language,
      variables: input.template.variables,
      components,
      audience: phones ? { ...stored, phones } : stored,
      status: later ? "scheduled" : "running",
      scheduledAt,
      startedAt: later ? null : sql`now()`,
    });
    for (let i = 0; i < audience.length; i += 1000) {
      await tx.insert(campaignRecipients).values(
        audience.slice(i, i + 1000).map((c) => ({
          campaignId: id,
          businessId,
          contactId: c.id,
          phone: c.phone,
          name: c.name,
          variables: renderVariables(input.template.variables, c),
          components: recipientComponents(components, c),
        })),
      );
    }
    await ensureSendJob(tx, businessId, later ? scheduledAt : null);
  });
  return getCampaign(db, businessId, id);
}

/** A CSV's phones as contacts (one multi-row upsert per 1,000), `contact.created` for the new ones. */
async function upsertPhones(tx: Db, businessId: string, phones: string[]) {
  for (let i = 0; i < phones.length; i += 1000) {
    const inserted = await tx
      .insert(contacts)
      .values(phones.slice(i, i + 1000).map((phone) => ({ id: newId("ct"), businessId, phone })))
      .onConflictDoNothing({ target: [contacts.businessId, contacts.phone] })
      .returning();
    for (const c of inserted) {
      await emitEvent(tx, businessId, "contact.created", {
        contact: { id: c.id, phone: c.phone, name: c.name, tags: c.tags, metadata: c.metadata, createdAt: c.createdAt.toISOString() },
      });
    }
  }
}

// ---- reading ----

const emptyCounts = (): Counts => ({
  total: 0,
  pending: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  failedByCode: {},
  failedByReason: {},
  replied: 0,
  optedOut: 0,
  cancelled: 0,
});

/**
 * Counts of several campaigns, read live: a recipient's delivery and read come from its message, which
 * the status callbacks move; "replied" is an inbound message in its conversation within 24 h of the send.
 */
export async function campaignCounts(db: Db, campaignIds: string[]): Promise<Map<string, Counts>> {
  const out = new Map<string, Counts>(campaignIds.map((id) => [id, emptyCounts()]));
  if (!campaignIds.length) return out;
  const ids = sql.join(
    campaignIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{
    campaign_id: string;
    total: number;
    pending: number;
    sent: number;
    delivered: number;
    read: number;
    failed: number;
    replied: number;
    opted_out: number;
    cancelled: number;
  }>(
    db,
    sql`select r.campaign_id,
        count(*)::int as total,
        count(*) filter (where r.status in ('pending', 'sending'))::int as pending,
        count(*) filter (where r.status = 'sent' and m.status in ('sent', 'delivered', 'read'))::int as sent,
        count(*) filter (where r.status = 'sent' and m.status in ('delivered', 'read'))::int as delivered,
        count(*) filter (where r.status = 'sent' and m.status = 'read')::int as read,
        count(*) filter (where r.status = 'failed' or m.status = 'failed')::int as failed,
        count(*) filter (where r.status = 'sent' and exists (select 1 from messages i where i.conversation_id = m.conversation_id
          and i.direction = 'inbound' and i.created_at > r.sent_at and i.created_at < r.sent_at + interval '24 hours'))::int as replied,
        count(*) filter (where r.status = 'skipped' or (r.status = 'sent' and exists (select 1 from campaign_opt_outs o
          where o.business_id = r.business_id and o.contact_id = r.contact_id and o.opted_out and o.updated_at > r.sent_at)))::int as opted_out,
        count(*) filter (where r.status = 'cancelled')::int as cancelled
      from campaign_recipients r left join messages m on m.id = r.message_id
      where r.campaign_id in (${ids})
      group by r.campaign_id`,
  );
  for (const r of rows) {
    const c = out.get(r.campaign_id) as Counts;
    Object.assign(c, {
      total: r.total,
      pending: r.pending,
      sent: r.sent,
      delivered: r.delivered,
      read: r.read,
      failed: r.failed,
      replied: r.replied,
      optedOut: r.opted_out,
      cancelled: r.cancelled,
    });
  }
  const codes = await queryRows<{ campaign_id: string; code: string; reason: string; n: number }>(
    db,
    sql`select r.campaign_id, coalesce(m.error->>'channelCode', r.error->>'channelCode', m.error->>'code', r.error->>'code', 'unknown') as code,
        coalesce(m.error->>'code', r.error->>'code', 'channel_error') as reason, count(*)::int as n
      from campaign_recipients r left join messages m on m.id = r.message_id
      where r.campaign_id in (${ids}) and (r.status = 'failed' or m.status = 'failed')
      group by 1, 2, 3`,
  );
  for (const c of codes) {
    const counts = out.get(c.campaign_id) as Counts;
    counts.failedByCode[c.code] = (counts.failedByCode[c.code] ?? 0) + c.n;
    counts.failedByReason[c.reason] = (counts.failedByReason[c.reason] ?? 0) + c.n;
  }
  return out;
}

function componentsView(c: CampaignComponents | null): Pick<CampaignOut["template"], "header" | "buttons"> {
  if (!c) return {};
  const header = c.header
    ? "text" in c.header
      ? { text: c.header.text }
      : { media: { id: c.header.fileId }, ...(c.header.filename ? { filename: c.header.filename } : {}) }
    : undefined;
  return { ...(header ? { header } : {}), ...(c.buttons ? { buttons: c.buttons } : {}) };
}

function campaignView(c: CampaignRow, counts: Counts): CampaignOut {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    template: { name: c.templateName, language: c.templateLanguage, variables: c.variables, ...componentsView(c.components) },
    audience: c.audience,
    scheduledAt: iso(c.scheduledAt),
    startedAt: iso(c.startedAt),
    completedAt: iso(c.completedAt),
    createdAt: c.createdAt.toISOString(),
    counts,
  };
}

async function findCampaign(db: Db, businessId: string, id: string): Promise<CampaignRow> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.businessId, businessId), eq(campaigns.id, id)));
  if (!row) throw notFound("campaign");
  return row;
}

export async function getCampaign(db: Db, businessId: string, id: string): Promise<CampaignOut> {
  const row = await findCampaign(db, businessId, id);
  const counts = await campaignCounts(db, [id]);
  return campaignView(row, counts.get(id) ?? emptyCounts());
}

export async function listCampaigns(db: Db, businessId: string, page: PageParams & { status?: CampaignStatus }): Promise<Page<CampaignOut>> {
  const listed = await listPage(
    db,
    campaigns,
    {
      idPrefix: "cmp_",
      page,
      where: [eq(campaigns.businessId, businessId), page.status ? eq(campaigns.status, page.status) : undefined],
    },
    (r) => r,
  );
  const counts = await campaignCounts(
    db,
    listed.data.map((r) => r.id),
  );
  return { ...listed, data: listed.data.map((r) => campaignView(r, counts.get(r.id) ?? emptyCounts())) };
}

// Recipients page in id order; the cursor is the last id seen, bound to this list by its prefix.
const recipientCursor = (id: number) => Buffer.from(`cr.${id}`).toString("base64url");
function readRecipientCursor(cursor: string): number {
  const raw = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  const m = /^cr\.(\d{1,15})$/.exec(raw);
  if (!m) throw invalid([{ path: "cursor", message: "The cursor is malformed or belongs to another list." }]);
  return Number(m[1]);
}

export async function listRecipients(
  db: Db,
  businessId: string,
  campaignId: string,
  page: PageParams & { status?: string },
  opts: { withContacts: boolean } = { withContacts: true },
): Promise<Page<RecipientOut>> {
  // The request is checked before anything is looked up: a malformed cursor is a 400 even for an id
  // that does not exist (as every list answers).
  const after = page.cursor ? readRecipientCursor(page.cursor) : 0;
  await findCampaign(db, businessId, campaignId);
  const rows = await queryRows<{
    id: string | number;
    contact_id: string;
    phone: string;
    name: string | null;
    status: string;
    mstatus: string | null;
    variables: string[];
    message_id: string | null;
    error: RecipientOut["error"];
    merror: RecipientOut["error"];
    sent_at: string | Date | null;
  }>(
    db,
    sql`select r.id, r.contact_id, r.phone, r.name, r.status, m.status as mstatus, r.variables, r.message_id, r.error, m.error as merror, r.sent_at
      from campaign_recipients r left join messages m on m.id = r.message_id
      where r.campaign_id = ${campaignId} and r.id > ${after}
      ${page.status ? sql`and (case when r.status = 'sent' and m.status is not null then m.status else r.status end) = ${page.status}` : sql``}
      order by r.id limit ${page.limit + 1}`,
  );
  const more = rows.length > page.limit;
  const slice = rows.slice(0, page.limit);
  return {
    // Phones, names and the variables filled from them are the contact's data: only for callers that may read contacts.
    data: slice.map((r) => ({
      contactId: r.contact_id,
      phone: opts.withContacts ? r.phone : null,
      name: opts.withContacts ? r.name : null,
      status: (r.status === "sent" && r.mstatus ? r.mstatus : r.status) as RecipientOut["status"],
      variables: opts.withContacts ? r.variables : [],
      messageId: r.message_id,
      error: r.merror ?? r.error ?? null,
      sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
    })),
    nextCursor: more ? recipientCursor(Number(slice[slice.length - 1].id)) : null,
  };
}

// ---- pause, resume, cancel ----

const MOVES: Record<"pause" | "resume" | "cancel", { from: CampaignStatus[]; to: CampaignStatus }> = {
  pause: { from: ["running", "scheduled"], to: "paused" },
  resume: { from: ["paused"], to: "running" },
  cancel: { from: ["running", "paused", "scheduled"], to: "cancelled" },
};

/**
 * A guarded status move (the UPDATE's WHERE names the states it may leave): a pass in flight finishes
 * the sends it started, then sees the new status. Cancel also cancels every recipient not yet claimed.
 */
export async function moveCampaign(db: Db, businessId: string, id: string, action: keyof typeof MOVES): Promise<CampaignOut> {
  const move = MOVES[action];
  await db.transaction(async (tx) => {
    const current = await findCampaign(tx, businessId, id);
    // Resuming a campaign paused before its time goes back to waiting for it.
    const to: CampaignStatus =
      action === "resume" && current.startedAt === null && current.scheduledAt && current.scheduledAt.getTime() > Date.now() ? "scheduled" : move.to;
    const [moved] = await tx
      .update(campaigns)
      .set({
        status: to,
        updatedAt: sql`now()`,
        ...(to === "running" && !current.startedAt ? { startedAt: sql`now()` } : {}),
        ...(to === "cancelled" ? { completedAt: sql`now()` } : {}),
      })
      .where(and(eq(campaigns.businessId, businessId), eq(campaigns.id, id), inArray(campaigns.status, move.from)))
      .returning();
    if (!moved) {
      throw new AppError("invalid_transition", `A ${current.status} campaign cannot be ${action === "cancel" ? "cancelled" : `${action}d`}.`);
    }
    if (to === "cancelled") {
      await tx
        .update(campaignRecipients)
        .set({ status: "cancelled", updatedAt: sql`now()` })
        .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.status, "pending")));
    }
    if (to === "running") await ensureSendJob(tx, businessId);
    if (to === "scheduled") await ensureSendJob(tx, businessId, current.scheduledAt);
  });
  return getCampaign(db, businessId, id);
}

// ---- settings ----

export type CampaignSettings = {
  throughputPerSecond: number;
  ratePerSecond: number;
  dailyLimit: number | null;
  optOutWords: string[];
};

export async function getCampaignSettings(db: Db, businessId: string): Promise<CampaignSettings & { slowFactor: number }> {
  const [row] = await db.select().from(campaignSettings).where(eq(campaignSettings.businessId, businessId));
  return {
    throughputPerSecond: row?.throughputPerSecond ?? 80,
    ratePerSecond: row?.ratePerSecond ?? 80,
    dailyLimit: row ? row.dailyLimit : 1000,
    optOutWords: row?.optOutWords ?? [],
    slowFactor: row?.slowFactor ?? 1,
  };
}

export async function updateCampaignSettings(db: Db, businessId: string, input: Partial<CampaignSettings>): Promise<CampaignSettings> {
  const current = await getCampaignSettings(db, businessId);
  const next = { ...current, ...input };
  if (next.ratePerSecond > next.throughputPerSecond) {
    throw invalid([{ path: "ratePerSecond", message: "The campaign pace cannot be above the number's throughput." }]);
  }
  await db
    .insert(campaignSettings)
    .values({
      businessId,
      throughputPerSecond: next.throughputPerSecond,
      ratePerSecond: next.ratePerSecond,
      dailyLimit: next.dailyLimit,
      optOutWords: next.optOutWords,
    })
    .onConflictDoUpdate({
      target: campaignSettings.businessId,
      set: {
        throughputPerSecond: next.throughputPerSecond,
        ratePerSecond: next.ratePerSecond,
        dailyLimit: next.dailyLimit,
        optOutWords: next.optOutWords,
        updatedAt: sql`now()`,
      },
    });
  const { slowFactor: _s, ...out } = next;
  return out;
}
