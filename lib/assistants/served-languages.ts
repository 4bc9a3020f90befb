import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { assistants, businesses } from "../db/schema";
import { notFound } from "../errors";
import { type BusinessLanguages, type ContentLanguage, contentLanguages } from "../shared/assistant-schema";

// The languages a business serves its customers in (sign-up asks; Settings and /v1/business-languages
// change them): the dashboard marks knowledge and skill texts that have no version in one of them.
// None stored that the assistant speaks end to end: the assistant's own language, else English.

const isContentLanguage = (l: string): l is ContentLanguage => (contentLanguages as readonly string[]).includes(l);

export async function getServedLanguages(db: Db, businessId: string): Promise<BusinessLanguages> {
  const [row] = await db.select({ languages: businesses.languages }).from(businesses).where(eq(businesses.id, businessId));
  if (!row) throw notFound("business");
  const served = [...new Set(row.languages.filter(isContentLanguage))];
  if (served.length) return { languages: served };
  const [assistant] = await db.select({ language: assistants.language }).from(assistants).where(eq(assistants.businessId, businessId)).limit(1);
  const own = assistant?.language.toLowerCase().split(/[-_]/)[0] ?? "en";
  return { languages: [isContentLanguage(own) ? own : "en"] };
}

export async function setServedLanguages(db: Db, businessId: string, input: BusinessLanguages): Promise<BusinessLanguages> {
  const rows = await db.update(businesses).set({ languages: input.languages }).where(eq(businesses.id, businessId)).returning({ id: businesses.id });
  if (!rows.length) throw notFound("business");
  return { languages: input.languages };
}
