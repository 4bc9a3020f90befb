import "server-only";
import { eq } from "drizzle-orm";
import { createAssistant } from "../assistants/assistants";
import { encryptSecret } from "../crypto/secrets";
import type { Db } from "../db/client";
import { businesses } from "../db/schema";
import { AppError, invalid, notFound } from "../errors";
import { newId } from "../ids";
import { grantTokens } from "../wallet/wallet";

export const DEFAULT_STARTING_TOKENS = 100_000;

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export type WhatsAppSettings = { phoneNumberId: string; accessToken?: string; displayNumber?: string | null };

/** A new business with its first assistant and a starting token grant. */
export async function createBusiness(
  db: Db,
  input: { name: string; tokens?: number; timeZone?: string; whatsapp?: WhatsAppSettings | null; assistantName?: string },
): Promise<{ businessId: string; assistantId: string }> {
  if (!input.name.trim()) throw invalid([{ path: "name", message: "name is required." }]);
  const timeZone = input.timeZone ?? "UTC";
  if (!isTimeZone(timeZone)) throw invalid([{ path: "timeZone", message: `Unknown IANA time zone ${timeZone}.` }]);
  const tokens = input.tokens ?? DEFAULT_STARTING_TOKENS;
  return db.transaction(async (tx) => {
    const businessId = newId("biz");
    await tx.insert(businesses).values({ id: businessId, name: input.name.trim(), timeZone });
    if (input.whatsapp) await setWhatsApp(tx, businessId, input.whatsapp);
    const assistant = await createAssistant(tx, businessId, {
      name: input.assistantName ?? `${input.name.trim()} assistant`,
      language: "auto",
      instructions: "Answer customers politely and briefly. Take bookings and orders with your skills; hand off to a person when unsure.",
    });
    if (tokens > 0) await grantTokens(tx, businessId, tokens, "grant", "starting grant");
    return { businessId, assistantId: assistant.id };
  });
}

export async function getBusiness(db: Db, businessId: string) {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  if (!row) throw notFound("business");
  return row;
}

/** Connection settings of the business's WhatsApp number; the token is stored encrypted. */
export async function setWhatsApp(db: Db, businessId: string, s: WhatsAppSettings) {
  if (!/^\d{5,32}$/.test(s.phoneNumberId)) throw invalid([{ path: "phoneNumberId", message: "phoneNumberId must be the numeric id Meta shows." }]);
  try {
    const [row] = await db
      .update(businesses)
      .set({
        whatsappPhoneNumberId: s.phoneNumberId,
        ...(s.accessToken ? { whatsappAccessTokenEnc: encryptSecret(s.accessToken) } : {}),
        ...(s.displayNumber !== undefined ? { whatsappDisplayNumber: s.displayNumber } : {}),
      })
      .where(eq(businesses.id, businessId))
      .returning({ id: businesses.id });
    if (!row) throw notFound("business");
  } catch (err) {
    if (String((err as { code?: string })?.code ?? (err as Error)?.message).includes("23505") || /unique/i.test(String(err))) {
      throw new AppError("conflict", "That WhatsApp phone number id is already connected to another business.");
    }
    throw err;
  }
}

export async function disconnectWhatsApp(db: Db, businessId: string) {
  await db
    .update(businesses)
    .set({ whatsappPhoneNumberId: null, whatsappAccessTokenEnc: null, whatsappDisplayNumber: null })
    .where(eq(businesses.id, businessId));
}

export async function businessByPhoneNumberId(db: Db, phoneNumberId: string) {
  const [row] = await db.select().from(businesses).where(eq(businesses.whatsappPhoneNumberId, phoneNumberId));
  return row;
}
