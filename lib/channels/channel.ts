import "server-only";
import type { InteractivePayload, MessageMedia, TemplatePayload } from "../db/schema";
import type { MediaBytes } from "../media/store";

// The one door between the business's messages and a channel: the rest of the code sends through
// `adapterFor(channel).send(...)` (lib/channels/adapters.ts) and receives through
// `receiveInboundMessage`, never knowing which channel it talks to. This file holds only the shapes
// both sides agree on; it imports no channel, so every channel can import it.

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

/** The channel's advice for retry number `attempt` (1 for the first retry), in ms; 0 means none. */
export type RetrySchedule = (attempt: number) => number;

/**
 * Why a channel refused a message. `window` and `permanent` will never succeed by waiting;
 * `rate_limited` and `transient` may, after `retryDelayMs(attempt)`. The channel that throws it
 * classifies its own codes and sets the schedule, so callers never read a channel's codes.
 */
export class ChannelError extends Error {
  constructor(
    readonly kind: ChannelErrorKind,
    /** The channel's own code (WhatsApp `error.code`), null when there was none (timeout, network). */
    readonly code: number | null,
    message: string,
    readonly retryInMs = 0,
    readonly options: {
      /** The channel's back-off for this error, by attempt; without one, `retryInMs` stands for every attempt. */
      schedule?: RetrySchedule;
      /** The sending number's own throughput is exceeded: a bulk sender should slow down, not only wait. */
      slowDown?: boolean;
    } = {},
  ) {
    super(message);
    this.name = "ChannelError";
  }

  /** How long to wait before retry number `attempt` as the channel advises it; 0 when it has no advice. */
  retryDelayMs(attempt: number): number {
    return this.options.schedule?.(attempt) || this.retryInMs;
  }

  get slowDown(): boolean {
    return this.options.slowDown === true;
  }
}

/** The message error code a refusal of this kind is recorded with (documented in docs/api-contract.md). */
export function failureCode(kind: ChannelErrorKind): "outside_messaging_window" | "channel_error" {
  return kind === "window" ? "outside_messaging_window" : "channel_error";
}

export interface ChannelAdapter {
  readonly channel: ChannelName;
  send(message: ChannelMessage): Promise<ChannelReceipt>;
}
