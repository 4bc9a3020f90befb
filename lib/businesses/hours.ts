import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { isoInZone } from "../time/time-zone";
import type { DetectedLanguage } from "../language";
import { now } from "../time/clock";
import type { Db } from "../db/client";
import { businesses, businessHours } from "../db/schema";
import { invalid, notFound } from "../errors";
import { type HoursRules, hoursRulesSchema, isOpenAt, nextOpening } from "./hours-rules";

// Business hours in the database (one row per business, business_hours) and what the assistant says
// about them: a handoff outside the hours tells the customer when a person will reply.

const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, "must be an IANA time zone like Europe/Madrid");

export const businessHoursIn = hoursRulesSchema.extend({
  timeZone: timeZoneSchema.optional().describe("The business's IANA time zone; left out, unchanged."),
  awayMessage: z
    .string()
    .trim()
    .max(1000)
    .nullable()
    .optional()
    .describe("Said after a handoff outside the hours; {{opens}} becomes when a person replies. null: the default text in the customer's language."),
});

export const businessHoursOut = hoursRulesSchema.extend({
  timeZone: z.string(),
  awayMessage: z.string().nullable(),
  openNow: z.boolean().describe("Open at this moment (true when no hours are set)."),
  nextOpening: z.string().nullable().describe("When it next opens (ISO 8601 with the zone's offset), null when open now or never."),
  updatedAt: z.string().nullable(),
});
export type BusinessHoursOut = z.infer<typeof businessHoursOut>;

export type BusinessHours = HoursRules & { timeZone: string; awayMessage: string | null; updatedAt: Date | null };

export async function loadBusinessHours(db: Db, businessId: string): Promise<BusinessHours> {
  const [row] = await db
    .select({
      timeZone: businesses.timeZone,
      weekly: businessHours.weekly,
      holidays: businessHours.holidays,
      awayMessage: businessHours.awayMessage,
      updatedAt: businessHours.updatedAt,
    })
    .from(businesses)
    .leftJoin(businessHours, eq(businessHours.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  if (!row) throw notFound("business");
  return {
    timeZone: row.timeZone,
    weekly: row.weekly ?? {},
    holidays: row.holidays ?? [],
    awayMessage: row.awayMessage ?? null,
    updatedAt: row.updatedAt,
  };
}

export function hoursView(h: BusinessHours, at: Date = now()): BusinessHoursOut {
  const open = isOpenAt(h, h.timeZone, at);
  const next = open ? null : nextOpening(h, h.timeZone, at);
  return {
    timeZone: h.timeZone,
    weekly: h.weekly,
    holidays: [...h.holidays].sort((a, b) => a.date.localeCompare(b.date)),
    awayMessage: h.awayMessage,
    openNow: open,
    nextOpening: next ? isoInZone(next.at, h.timeZone) : null,
    updatedAt: h.updatedAt ? h.updatedAt.toISOString() : null,
  };
}

export async function getBusinessHours(db: Db, businessId: string): Promise<BusinessHoursOut> {
  return hoursView(await loadBusinessHours(db, businessId));
}

/** Replaces the weekly hours, holidays and away message (and the time zone when given). */
export async function setBusinessHours(db: Db, businessId: string, input: z.input<typeof businessHoursIn>): Promise<BusinessHoursOut> {
  const parsed = businessHoursIn.safeParse(input);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((i) => ({ path: i.path.join("."), message: `${i.path.join(".")} ${i.message}` })));
  }
  const body = parsed.data;
  await db.transaction(async (tx) => {
    if (body.timeZone) {
      const [b] = await tx.update(businesses).set({ timeZone: body.timeZone }).where(eq(businesses.id, businessId)).returning({ id: businesses.id });
      if (!b) throw notFound("business");
    }
    const values = {
      weekly: body.weekly,
      holidays: body.holidays.map((h) => ({ date: h.date, ...(h.name ? { name: h.name } : {}), ...(h.hours ? { hours: h.hours } : {}) })),
      ...(body.awayMessage !== undefined ? { awayMessage: body.awayMessage || null } : {}),
    };
    await tx
      .insert(businessHours)
      .values({ businessId, ...values })
      .onConflictDoUpdate({ target: businessHours.businessId, set: { ...values, updatedAt: sql`now()` } });
  });
  return getBusinessHours(db, businessId);
}

const locales: Record<DetectedLanguage, string> = { en: "en-GB", pt: "pt-PT", es: "es-ES" };

const defaultAway: Record<DetectedLanguage, string> = {
  en: "We're closed now; a person will reply from {{opens}}.",
  pt: "Estamos fechados neste momento; uma pessoa responde a partir de {{opens}}.",
  es: "Ahora estamos cerrados; una persona te responderá a partir del {{opens}}.",
};

const defaultAwayNoOpening: Record<DetectedLanguage, string> = {
  en: "We're closed now; a person will reply as soon as we open.",
  pt: "Estamos fechados neste momento; uma pessoa responde assim que abrirmos.",
  es: "Ahora estamos cerrados; una persona te responderá en cuanto abramos.",
};

/** "Tuesday 9:00" (within the week) or "Tuesday 29 December 9:00" (further out), in the customer's language. */
export function openingLabel(at: Date, timeZone: string, lang: DetectedLanguage, from: Date = now()): string {
  const locale = locales[lang];
  const withinWeek = at.getTime() - from.getTime() < 6 * 24 * 3600_000;
  const day = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: "long",
    ...(withinWeek ? {} : { day: "numeric", month: "long" }),
  }).format(at);
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: "numeric", minute: "2-digit", hourCycle: "h23" }).format(at);
  return `${day} ${time}`;
}

/**
 * What a handoff says when no person can answer now, or null while the business is open (or has no
 * hours). The away message's {{opens}} becomes the next opening ("Tuesday 9:00").
 */
export function awayNotice(h: BusinessHours, lang: DetectedLanguage, at: Date = now()): string | null {
  if (isOpenAt(h, h.timeZone, at)) return null;
  const next = nextOpening(h, h.timeZone, at);
  const opens = next ? openingLabel(next.at, h.timeZone, lang, at) : "";
  const template = h.awayMessage ?? (next ? defaultAway[lang] : defaultAwayNoOpening[lang]);
  return template.replace(/\{\{\s*opens\s*\}\}/g, opens).trim();
}
