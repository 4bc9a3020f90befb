import "server-only";
import type { InteractivePayload, MessageMedia, TemplatePayload } from "../db/schema";
import type { MediaBytes } from "../media/store";
import { sandboxAdapter } from "./sandbox";
import { type WhatsAppConnection, whatsAppAdapter } from "./whatsapp/adapter";

// The one door between the business's messages and a channel: the rest of the code sends through
// `adapterFor(channel).send(...)` and receives through `receiveInboundMessage`, never knowing which
// channel it talks to.

export type ChannelName = "whatsapp" | "sandbox";

/** An outbound message as every adapter reads it. */
export type ChannelMessage = {
  /** Our message id, for logs. */
  id: string;
  /** E.164 of the recipient. */
  to: string;
  type: "text" | "template" | "media";
  /** The text (for a template, its rendered body). */
  text: string;
  template: TemplatePayload | null;
  interactive: InteractivePayload | null;
  /** A file to send (type `media`): the channel uploads it and sends it with its caption. */
  media?: OutboundMedia | null;
};

export type OutboundMedia = {
  kind: string;
  mimeType: string;
  filename: string | null;
  caption: string | null;
  size: number;
  /** The stored bytes, streamed (opened only when the channel needs them). */
  open(): Promise<MediaBytes>;
};

/** Accepted by the channel: it took the message, which is not the same as delivered. */
export type ChannelReceipt = { channelMessageId: string; acceptedAt: Date };

/** An inbound message as every channel hands it to `receiveInboundMessage`. */
export type ChannelInbound = {
  channel: ChannelName;
  /** E.164 of the customer. */
  from: string;
  profileName: string | null;
  /** The channel's own id: a second delivery of the same id is a duplicate. */
  channelMessageId: string;
  /** When the customer sent it, as the channel reports it (the 24-hour window's anchor). */
  timestamp: Date;
  type: string;
  text: string;
  content: Record<string, unknown> | null;
  /** The stored file of a media message (downloaded by the channel before the message is received). */
  media?: MessageMedia | null;
};

export type ChannelErrorKind = "window" | "rate_limited" | "transient" | "permanent";

/**
 * Why a channel refused a message. `window` and `permanent` will never succeed by waiting;
 * `rate_limited` and `transient` may, after `retryInMs`.
 */
export class ChannelError extends Error {
  constructor(
    readonly kind: ChannelErrorKind,
    /** The channel's own code (WhatsApp `error.code`), null when there was none (timeout, network). */
    readonly code: number | null,
    message: string,
    readonly retryInMs = 0,
  ) {
    super(message);
    this.name = "ChannelError";
  }
}

export interface ChannelAdapter {
  readonly channel: ChannelName;
  send(message: ChannelMessage): Promise<ChannelReceipt>;
}

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
