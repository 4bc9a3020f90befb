import type { MessageError } from "../../db/schema";
import { ChannelError, type FailureCode, failureCode } from "../channel";

// What the adapter should do with a Graph API error code (docs/api-contract.md, "WhatsApp"). Branch
// on `error.code`, never on the HTTP status: Meta answers 400 for almost everything. These codes stay
// inside lib/channels/whatsapp: the rest of the code reads the ChannelError's kind, schedule and
// slow-down flag, and the MessageError a status callback is turned into.

export type WhatsAppErrorKind = "window" | "rate_limited" | "transient" | "permanent";

export const OUTSIDE_WINDOW_CODE = 131047;
export const THROUGHPUT_LIMIT_CODE = 130429;
export const PAIR_RATE_LIMIT_CODE = 131056;
const TRANSIENT_CODES = new Set([131000, 131016, 2]);
/** Meta limits marketing messages to this user for now: not retried (Meta: not within 24 hours). */
export const MARKETING_LIMIT_CODE = 131049;
/** The user stopped marketing messages from this business in WhatsApp. */
export const MARKETING_STOPPED_CODE = 131050;
/** Left out as part of Meta's marketing experiment: not retried. */
export const EXPERIMENT_CODE = 130472;
/** The message could not be delivered to this user (no WhatsApp, an old app, terms not accepted). */
export const UNDELIVERABLE_CODE = 131026;

const FAILURES: Record<number, FailureCode> = {
  [OUTSIDE_WINDOW_CODE]: "outside_messaging_window",
  [MARKETING_LIMIT_CODE]: "marketing_limited",
  [MARKETING_STOPPED_CODE]: "marketing_opted_out",
  [EXPERIMENT_CODE]: "channel_experiment",
  [UNDELIVERABLE_CODE]: "undeliverable",
};

/** The failure code the API gives a message WhatsApp refused with `code`. */
export function whatsAppFailureCode(code: number): FailureCode {
  return FAILURES[code] ?? failureCode(classifyWhatsAppError(code).kind);
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export function classifyWhatsAppError(code: number): { kind: WhatsAppErrorKind } {
  if (code === OUTSIDE_WINDOW_CODE) return { kind: "window" };
  if (code === THROUGHPUT_LIMIT_CODE || code === PAIR_RATE_LIMIT_CODE) return { kind: "rate_limited" };
  if (TRANSIENT_CODES.has(code)) return { kind: "transient" };
  return { kind: "permanent" };
}

/**
 * How long to wait before retry number `attempt` (1 for the first retry). 0 means "do not retry":
 * the window and permanent errors never succeed by waiting.
 */
export function retryDelayMs(code: number, attempt: number): number {
  const n = Math.max(1, Math.floor(attempt));
  // Meta's own advice for the pair rate limit: wait 4^n seconds.
  if (code === PAIR_RATE_LIMIT_CODE) return Math.min(4 ** n * SECOND, 5 * MINUTE);
  if (code === THROUGHPUT_LIMIT_CODE) return Math.min(2 ** (n - 1) * SECOND, MINUTE);
  if (classifyWhatsAppError(code).kind === "transient") return Math.min(2 ** n * SECOND, 5 * MINUTE);
  return 0;
}

/** A Graph API error as the rest of the code reads it: classified, with WhatsApp's back-off attached. */
export function whatsAppError(code: number, message: string): ChannelError {
  return new ChannelError(classifyWhatsAppError(code).kind, code, message, retryDelayMs(code, 1), {
    schedule: (attempt) => retryDelayMs(code, attempt),
    slowDown: code === THROUGHPUT_LIMIT_CODE,
    failure: FAILURES[code],
  });
}

/** A `failed` status callback's error as the message records it (null: WhatsApp gave no reason). */
export function whatsAppStatusFailure(error: { code: number; message: string } | null): MessageError | null {
  if (!error) return null;
  return { code: whatsAppFailureCode(error.code), message: error.message, channelCode: error.code };
}
