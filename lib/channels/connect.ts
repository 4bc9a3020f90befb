import "server-only";
import { type WhatsAppColumns, getBusiness, writeWhatsApp } from "../businesses/businesses";
import { decryptSecret, encryptSecret } from "../crypto/secrets";
import type { Db } from "../db/client";
import { invalid } from "../errors";
import { scheduleTemplateSync } from "./template-sync";
import { whatsAppAdapter } from "./whatsapp/adapter";

// Connecting a business's WhatsApp number: the settings are checked through the channel's
// number-verification and template doors before anything is saved (lib/businesses stores them).

export type WhatsAppSettings = {
  phoneNumberId: string;
  accessToken?: string;
  displayNumber?: string | null;
  /** The WhatsApp Business Account id: given, templates go through Meta's review; null clears it; absent keeps it. */
  businessAccountId?: string | null;
};

type StoredToken = { phoneNumberId: string | null; accessTokenEnc: string | null };

/**
 * Checks settings before they are saved: the token must be one Meta accepts for that number id (and
 * for the business account, when one is given). Left out, the stored token is used, but only to
 * re-save the same number (a display-number edit). Called before a transaction: no network wait
 * while it holds the database.
 */
export async function verifyWhatsApp(s: WhatsAppSettings, stored: StoredToken | null = null): Promise<WhatsAppColumns> {
  if (!/^\d{5,32}$/.test(s.phoneNumberId)) throw invalid([{ path: "phoneNumberId", message: "phoneNumberId must be the numeric id Meta shows." }]);
  const keep = !s.accessToken && stored?.accessTokenEnc && stored.phoneNumberId === s.phoneNumberId ? stored.accessTokenEnc : null;
  const token = s.accessToken || (keep ? decryptSecret(keep) : null);
  if (!token) throw invalid([{ path: "accessToken", message: "The access token is required: it proves the number belongs to this business." }]);
  const candidate = whatsAppAdapter({ phoneNumberId: s.phoneNumberId, accessToken: token });
  await candidate.verifyNumber();
  const wabaId = s.businessAccountId?.trim() || null;
  if (wabaId) {
    if (!/^\d{5,32}$/.test(wabaId)) throw invalid([{ path: "businessAccountId", message: "businessAccountId must be the numeric id Meta shows." }]);
    await candidate.templates.verifyAccount(wabaId);
  }
  return {
    phoneNumberId: s.phoneNumberId,
    accessTokenEnc: keep ?? encryptSecret(token),
    displayNumber: s.displayNumber,
    businessAccountId: s.businessAccountId === undefined ? undefined : wabaId,
  };
}

/** Connection settings of the business's WhatsApp number, verified with Meta first; the token is stored encrypted. */
export async function setWhatsApp(db: Db, businessId: string, s: WhatsAppSettings, alsoInTransaction?: (tx: Db) => Promise<void>) {
  const b = await getBusiness(db, businessId);
  const verified = await verifyWhatsApp(s, { phoneNumberId: b.whatsappPhoneNumberId, accessTokenEnc: b.whatsappAccessTokenEnc });
  await db.transaction(async (tx) => {
    await writeWhatsApp(tx, businessId, verified);
    // A business account to sync with: import its templates and their statuses now, then periodically.
    if (verified.businessAccountId) await scheduleTemplateSync(tx, businessId);
    await alsoInTransaction?.(tx);
  });
}
