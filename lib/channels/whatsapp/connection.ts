import "server-only";
import { decryptSecret } from "../../crypto/secrets";

// A business's WhatsApp Cloud API connection and where the Graph API is: what every WhatsApp call
// (send, media, signals, number check) starts from.

export const DEFAULT_GRAPH_URL = "https://graph.facebook.com/v26.0";

export type WhatsAppConnection = { phoneNumberId: string; accessToken: string };

/** The business's connection with its token decrypted, or null when it has none. */
export function whatsAppConnection(business: {
  whatsappPhoneNumberId: string | null;
  whatsappAccessTokenEnc: string | null;
}): WhatsAppConnection | null {
  if (!business.whatsappPhoneNumberId || !business.whatsappAccessTokenEnc) return null;
  return { phoneNumberId: business.whatsappPhoneNumberId, accessToken: decryptSecret(business.whatsappAccessTokenEnc) };
}

export function graphUrl(): string {
  return (process.env.WHATSAPP_GRAPH_URL || DEFAULT_GRAPH_URL).replace(/(?<!\/)\/+$/, "");
}
