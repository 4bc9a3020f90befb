import "server-only";
import type { InteractivePayload, TemplatePayload, TemplateStatus } from "../db/schema";
import type { TemplateButton, TemplateHeader } from "../shared/template-schema";
import type { MediaBytes } from "../media/store";
import type { InboundMessage } from "../messages/receive-message";

// What every channel offers, as the rest of the code sees it through lib/channels/index.ts: sending,
// and one door per further capability (read receipts, reactions, files, number verification, template
// review), each absent where a channel has none. Inbound, a channel hands the customer's message to
// `receiveInboundMessage`. This file holds only the shapes both sides agree on; it imports no
// channel, so every channel can import it.

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
  /** The channel's id of the message this one quotes (WhatsApp's context.message_id), when it quotes one. */
  replyTo?: string | null;
  /** A file to send (type `media`, or a template's header file): the channel uploads it and sends it with its caption. */
  media?: OutboundMedia | null;
};

export type OutboundMedia = {
  kind: string;
  /** An OGG/Opus audio to be played as a voice note. */
  voice?: boolean;
  mimeType: string;
  filename: string | null;
  caption: string | null;
  size: number;
  /** The channel's id of this file when it holds it already (a campaign uploads its header file once a pass): not uploaded again. */
  channelId?: string;
  /** The stored bytes, streamed (opened only when the channel needs them). */
  open(): Promise<MediaBytes>;
};

/** Accepted by the channel: it took the message, which is not the same as delivered. */
export type ChannelReceipt = { channelMessageId: string; acceptedAt: Date };

/** An inbound message as every channel hands it to `receiveInboundMessage` (which defines its shape). */
export type ChannelInbound = InboundMessage;

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
      /** A specific failure code (FailureCode) for a refusal the API names on its own. */
      failure?: FailureCode;
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
/**
 * Why a message failed, as the API says it (`error.code` of a message or a campaign recipient). The
 * channel names the specific ones; any other refusal is `channel_error`.
 */
export type FailureCode =
  | "outside_messaging_window"
  | "channel_error"
  // The customer's channel will not take it (WhatsApp 131026: no account, old app, terms not accepted).
  | "undeliverable"
  // The channel holds back marketing to this customer for now (WhatsApp 131049): not retried for a day.
  | "marketing_limited"
  // The customer stopped marketing messages in the channel's own app (WhatsApp 131050): opted out here too.
  | "marketing_opted_out"
  // The channel left the message out as part of its own experiment (WhatsApp 130472): not retried.
  | "channel_experiment";

export function failureCode(kind: ChannelErrorKind): "outside_messaging_window" | "channel_error" {
  return kind === "window" ? "outside_messaging_window" : "channel_error";
}

/** The failure code of a channel's refusal: the channel's own when it named one, else by its kind. */
export function failureOf(err: ChannelError): FailureCode {
  return err.options.failure ?? failureCode(err.kind);
}

/** A file the channel holds for us (an inbound photo, voice note, ...), as a stream. */
export type ChannelDownload = { mimeType: string | null; size: number | null; body: MediaBytes };

/** Files through the channel: inbound ones fetched by the channel's id, outbound ones uploaded for sending. */
export interface ChannelMedia {
  download(mediaId: string): Promise<ChannelDownload>;
  /** Returns the channel's id for the file, which a message then names. */
  upload(file: { bytes: MediaBytes; mimeType: string; filename: string; size: number }): Promise<string>;
}

/** A template as the channel's reviewer (Meta, for WhatsApp) holds it. */
export type ChannelTemplate = {
  id: string;
  name: string;
  language: string;
  category: "utility" | "marketing" | "authentication";
  status: TemplateStatus;
  /** The reviewer's reason for a rejection (null when there is none). */
  reason: string | null;
  body: string | null;
  examples: string[];
  qualityRating: string | null;
  parameterFormat: "positional" | "named";
  header: TemplateHeader | null;
  footer: string | null;
  buttons: TemplateButton[];
};

export type TemplateSubmission = {
  name: string;
  language: string;
  category: "utility" | "marketing" | "authentication";
  body: string;
  examples: string[];
  parameterFormat: "positional" | "named";
  header: TemplateHeader | null;
  footer: string | null;
  buttons: TemplateButton[];
};

/**
 * Template review at the channel, for one business account (`accountId`: WhatsApp's WABA id). Refusals
 * are AppErrors the API shows as they are (`invalid_request` with the reviewer's words, or
 * `channel_unavailable`): nothing is stored when the reviewer said no.
 */
export interface ChannelTemplates {
  /** Proves the credentials can manage the account before it is saved. */
  verifyAccount(accountId: string): Promise<void>;
  submit(accountId: string, template: TemplateSubmission): Promise<{ id: string; status: TemplateStatus }>;
  /** A new body goes back to review. */
  edit(templateId: string, template: TemplateSubmission): Promise<TemplateStatus>;
  remove(accountId: string, name: string, templateId: string): Promise<void>;
  /** Every template of the account. */
  list(accountId: string): Promise<ChannelTemplate[]>;
  /** The sending number's quality rating and messaging limit tier, when the channel gives them. */
  numberHealth(): Promise<{ qualityRating: string | null; messagingLimit: string | null }>;
}

/**
 * One channel, bound to one business's connection. Only `send` is every channel's; the other doors
 * are absent where the channel (or a business without a connection) has no such thing, and the caller
 * then skips what it would have told the channel.
 */
export interface ChannelAdapter {
  readonly channel: ChannelName;
  send(message: ChannelMessage): Promise<ChannelReceipt>;
  /**
   * Read receipts: the customer's message (and every earlier one) shows as read; with `typing`, the
   * customer also sees that a reply is being written (until it arrives, or 25 seconds on WhatsApp).
   */
  markRead?(channelMessageId: string, options?: { typing?: boolean }): Promise<void>;
  /** The business's reaction to a message of the thread; "" removes it. */
  react?(to: string, channelMessageId: string, emoji: string): Promise<void>;
  media?: ChannelMedia;
  /** Number verification: the credentials may use this number (before they are saved); its display number. */
  verifyNumber?(): Promise<{ displayNumber: string | null }>;
  templates?: ChannelTemplates;
}
