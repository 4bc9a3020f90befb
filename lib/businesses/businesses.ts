import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { createAssistant } from "../assistants/assistants";
import type { Db } from "../db/client";
import { businesses } from "../db/schema";
import { businessKinds } from "../db/schema/businesses";
import { isUniqueViolation } from "../db/unique-violation";
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

/**
 * A business's WhatsApp number as its row stores it (the token encrypted), once the channel has
 * checked it: lib/channels' `verifyWhatsApp` makes one; `undefined` leaves a column as it is.
 */
export type WhatsAppColumns = { phoneNumberId: string; accessTokenEnc: string; displayNumber?: string | null; businessAccountId?: string | null };

/** A new business with its first assistant, a starting token grant and, when given, its WhatsApp number. */
export async function createBusiness(
  db: Db,
  input: { name: string; tokens?: number; timeZone?: string; whatsapp?: WhatsAppColumns | null; assistantName?: string },
): Promise<{ businessId: string; assistantId: string }> {
  if (!input.name.trim()) throw invalid([{ path: "name", message: "name is required." }]);
  const timeZone = input.timeZone ?? "UTC";
  if (!isTimeZone(timeZone)) throw invalid([{ path: "timeZone", message: `Unknown IANA time zone ${timeZone}.` }]);
  const tokens = input.tokens ?? DEFAULT_STARTING_TOKENS;
  const whatsapp = input.whatsapp;
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

export const businessOut = z.object({
  id: z.string().meta({ example: "biz_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  name: z.string(),
  kind: z.enum(businessKinds).describe("What kind of business it is, chosen at sign-up: its starter kit (docs/starter-kits.md)."),
  languages: z.array(z.string()).describe("The languages it serves customers in, the first its own."),
  timeZone: z.string(),
  address: z.string().nullable(),
  createdAt: z.string(),
});
export type BusinessOut = z.infer<typeof businessOut>;

/** The business as the API reads it: no secrets, no channel columns. */
export async function readBusiness(db: Db, businessId: string): Promise<BusinessOut> {
  const b = await getBusiness(db, businessId);
  return {
    id: b.id,
    name: b.name,
    kind: b.kind as BusinessOut["kind"],
    languages: b.languages,
    timeZone: b.timeZone,
    address: b.address,
    createdAt: b.createdAt.toISOString(),
  };
}

export async function getBusiness(db: Db, businessId: string) {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  if (!row) throw notFound("business");
  return row;
}

/** Stores the number; another business holding it already is a conflict. */
export async function writeWhatsApp(db: Db, businessId: string, v: WhatsAppColumns) {
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
