import "server-only";
import { eq } from "drizzle-orm";
import { createAssistant } from "../assistants/assistants";
import { verifyBusinessAccount } from "../channels/whatsapp/templates";
import { verifyWhatsAppNumber } from "../channels/whatsapp/verify-number";
import { decryptSecret, encryptSecret } from "../crypto/secrets";
import type { Db } from "../db/client";
import { businesses } from "../db/schema";
import { isUniqueViolation } from "../db/unique-violation";
import { AppError, invalid, notFound } from "../errors";
import { newId } from "../ids";
import { scheduleTemplateSync } from "../templates/sync-job";
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

export type WhatsAppSettings = {
  phoneNumberId: string;
  accessToken?: string;
  displayNumber?: string | null;
  /** The WhatsApp Business Account id: given, templates go through Meta's review; null clears it; absent keeps it. */
  businessAccountId?: string | null;
};

/** A new business with its first assistant and a starting token grant. */
export async function createBusiness(
  db: Db,
  input: { name: string; tokens?: number; timeZone?: string; whatsapp?: WhatsAppSettings | null; assistantName?: string },
): Promise<{ businessId: string; assistantId: string }> {
  if (!input.name.trim()) throw invalid([{ path: "name", message: "name is required." }]);
  const timeZone = input.timeZone ?? "UTC";
  if (!isTimeZone(timeZone)) throw invalid([{ path: "timeZone", message: `Unknown IANA time zone ${timeZone}.` }]);
  const tokens = input.tokens ?? DEFAULT_STARTING_TOKENS;
  // The number is checked with Meta before the transaction: no network wait while it holds the database.
  const whatsapp = input.whatsapp ? await verifiedSettings(input.whatsapp, null) : null;
  return db.transaction(async (tx) => {
    const businessId = newId("biz");
    await tx.insert(businesses).values({ id: businessId, name: input.name.trim(), timeZone });
    if (whatsapp) await writeWhatsApp(tx, businessId, whatsapp);
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

type StoredToken = { phoneNumberId: string | null; accessTokenEnc: string | null };
type Verified = { phoneNumberId: string; accessTokenEnc: string; displayNumber?: string | null; businessAccountId?: string | null };

/**
 * Checks settings before they are saved: the token must be one Meta accepts for that number id. Left
 * out, the stored token is used, but only to re-save the same number (a display-number edit).
 */
async function verifiedSettings(s: WhatsAppSettings, stored: StoredToken | null): Promise<Verified> {
  if (!/^\d{5,32}$/.test(s.phoneNumberId)) throw invalid([{ path: "phoneNumberId", message: "phoneNumberId must be the numeric id Meta shows." }]);
  const keep = !s.accessToken && stored?.accessTokenEnc && stored.phoneNumberId === s.phoneNumberId ? stored.accessTokenEnc : null;
  const token = s.accessToken || (keep ? decryptSecret(keep) : null);
  if (!token) throw invalid([{ path: "accessToken", message: "The access token is required: it proves the number belongs to this business." }]);
  await verifyWhatsAppNumber(s.phoneNumberId, token);
  const wabaId = s.businessAccountId?.trim() || null;
  if (wabaId) {
    if (!/^\d{5,32}$/.test(wabaId)) throw invalid([{ path: "businessAccountId", message: "businessAccountId must be the numeric id Meta shows." }]);
    await verifyBusinessAccount({ phoneNumberId: s.phoneNumberId, accessToken: token }, wabaId);
  }
  return {
    phoneNumberId: s.phoneNumberId,
    accessTokenEnc: keep ?? encryptSecret(token),
    displayNumber: s.displayNumber,
    businessAccountId: s.businessAccountId === undefined ? undefined : wabaId,
  };
}

async function writeWhatsApp(db: Db, businessId: string, v: Verified) {
  try {
    const [row] = await db
      .update(businesses)
      .set({
        whatsappPhoneNumberId: v.phoneNumberId,
        whatsappAccessTokenEnc: v.accessTokenEnc,
        ...(v.displayNumber !== undefined ? { whatsappDisplayNumber: v.displayNumber } : {}),
        ...(v.businessAccountId !== undefined ? { whatsappBusinessAccountId: v.businessAccountId } : {}),
      })
      .where(eq(businesses.id, businessId))
      .returning({ id: businesses.id });
    if (!row) throw notFound("business");
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError(
        "conflict",
        "That WhatsApp phone number id is already connected to another business on this server. Disconnect it there first, then connect it here.",
      );
    }
    throw err;
  }
}

/** Connection settings of the business's WhatsApp number, verified with Meta first; the token is stored encrypted. */
export async function setWhatsApp(db: Db, businessId: string, s: WhatsAppSettings, alsoInTransaction?: (tx: Db) => Promise<void>) {
  const b = await getBusiness(db, businessId);
  const verified = await verifiedSettings(s, { phoneNumberId: b.whatsappPhoneNumberId, accessTokenEnc: b.whatsappAccessTokenEnc });
  await db.transaction(async (tx) => {
    await writeWhatsApp(tx, businessId, verified);
    // A business account to sync with: import its templates and their statuses now, then periodically.
    if (verified.businessAccountId) await scheduleTemplateSync(tx, businessId);
    await alsoInTransaction?.(tx);
  });
}

export async function disconnectWhatsApp(db: Db, businessId: string) {
  await db
    .update(businesses)
    .set({
      whatsappPhoneNumberId: null,
      whatsappAccessTokenEnc: null,
      whatsappDisplayNumber: null,
      whatsappBusinessAccountId: null,
      whatsappQualityRating: null,
      whatsappMessagingLimit: null,
    })
    .where(eq(businesses.id, businessId));
}

export async function businessByPhoneNumberId(db: Db, phoneNumberId: string) {
  const [row] = await db.select().from(businesses).where(eq(businesses.whatsappPhoneNumberId, phoneNumberId));
  return row;
}
