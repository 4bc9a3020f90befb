import "server-only";
import { type ChannelAdapter, ChannelError, type ChannelName } from "./channel";
import { sandboxAdapter } from "./sandbox";
import { whatsAppAdapter } from "./whatsapp/adapter";
import { type WhatsAppConnection, whatsAppConnection } from "./whatsapp/connection";

// Which adapter serves which channel. Kept apart from channel.ts (the shapes every adapter imports)
// so that no adapter imports, through the interface, the list of adapters that imports it.

/** A business's channel columns, as its row holds them (the token encrypted). */
export type ChannelSettings = { whatsappPhoneNumberId: string | null; whatsappAccessTokenEnc: string | null };

/**
 * The adapter for a message's channel. WhatsApp needs the business's connection; without one the
 * message cannot leave, which is a permanent error rather than a silent switch to the sandbox, and
 * the channel's other doors are absent.
 */
export function adapterFor(channel: ChannelName, whatsapp?: WhatsAppConnection | null): ChannelAdapter {
  if (channel === "sandbox") return sandboxAdapter;
  if (!whatsapp) {
    return {
      channel,
      send: async () => {
        throw new ChannelError("permanent", null, "WhatsApp is not connected for this business (no phone number id or access token).");
      },
    };
  }
  return whatsAppAdapter(whatsapp);
}

/** adapterFor with the business's stored connection (its token decrypted here). */
export function businessAdapter(channel: ChannelName, business: ChannelSettings): ChannelAdapter {
  return adapterFor(channel, channel === "whatsapp" ? whatsAppConnection(business) : null);
}

/** The channel the business's replies take: WhatsApp once a number is connected, else the sandbox. */
export function connectedChannel(business: ChannelSettings): ChannelName {
  return whatsAppConnection(business) ? "whatsapp" : "sandbox";
}
