import "server-only";
import { type ChannelAdapter, ChannelError, type ChannelName } from "./channel";
import { sandboxAdapter } from "./sandbox";
import { whatsAppAdapter } from "./whatsapp/adapter";
import type { WhatsAppConnection } from "./whatsapp/connection";

// Which adapter serves which channel. Kept apart from channel.ts (the shapes every adapter imports)
// so that no adapter imports, through the interface, the list of adapters that imports it.

/**
 * The adapter for a message's channel. WhatsApp needs the business's connection; without one the
 * message cannot leave, which is a permanent error rather than a silent switch to the sandbox.
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
