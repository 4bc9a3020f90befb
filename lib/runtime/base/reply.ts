import "server-only";
import type { InteractivePayload } from "../../db/schema";
import { awayNotice } from "../../businesses/hours";
import { handoffConversation } from "../../conversations/transitions";
import { AppError } from "../../errors";
import { sendMessage } from "../../messages/send-message";
import { InsufficientTokens } from "../../wallet/wallet";
import { turnLanguage } from "./conversation-language";
import { isDetectedLanguage } from "../../language";
import { countTokens } from "../understanding/tokens";
import type { Turn } from "./turn-context";

// Every automated reply goes out here: sent through the one sendMessage (24-hour rule, queued delivery),
// which charges the wallet with it (`charge`), in one statement for the common reply, the tokens leaving
// the balance when the turn's transaction commits: a reply exists exactly when its tokens were paid. A
// short balance stores nothing and hands the conversation to a person instead.

const LIMIT = 4096;

/** Sends `text` (split at WhatsApp's 4,096 characters if need be); false when nothing more may be said. */
export async function reply(turn: Turn, text: string, opts: { interactive?: InteractivePayload | null; tokens?: number } = {}): Promise<boolean> {
  if (turn.halted || !text.trim()) return !turn.halted;
  const parts = split(text.trim());
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    const tokens = turn.unbilled + (opts.tokens !== undefined ? (i === 0 ? opts.tokens : 0) : countTokens(part));
    try {
      const message = await sendMessage(
        turn.db,
        turn.businessId,
        { to: turn.contact.address, type: "text", text: part },
        { source: "assistant", tokens, charge: true, chargedBefore: turn.charged, interactive: last ? (opts.interactive ?? null) : null },
      );
      turn.sent.push(message.id);
      turn.charged += tokens;
    } catch (err) {
      if (err instanceof InsufficientTokens) {
        await handOff(turn, "insufficient_tokens");
        return false;
      }
      // The customer wrote more than 24 hours ago (a turn that waited too long): stay silent.
      if (err instanceof AppError && err.code === "outside_messaging_window") {
        turn.halted = true;
        return false;
      }
      throw err;
    }
    turn.unbilled = 0;
  }
  return true;
}

/**
 * Hands off first, so the reason stands even when the wallet cannot pay for the goodbye, then tells
 * the customer (best effort).
 */
export async function handOffSaying(turn: Turn, reason: string, text: string, opts: { tokens?: number } = {}): Promise<void> {
  await handoffConversation(turn.db, turn.businessId, turn.conversation.id, { reason, actor: "assistant" });
  const said = await reply(turn, text, opts);
  if (said) await sayAway(turn, reason);
  turn.halted = true;
}

/** Hands the conversation to a person; the turn says nothing after this (but the away message). */
export async function handOff(turn: Turn, reason: string): Promise<void> {
  const wasHalted = turn.halted;
  turn.halted = true;
  await handoffConversation(turn.db, turn.businessId, turn.conversation.id, { reason, actor: "assistant" });
  if (wasHalted) return;
  turn.halted = false;
  try {
    await sayAway(turn, reason);
  } finally {
    turn.halted = true;
  }
}

/**
 * Outside the business hours a handoff tells the customer when a person will reply ("We're closed
 * now; a person will reply from Tuesday 9:00."); the conversation waits in the queue as any handoff.
 * Not when the wallet is empty (nothing may be said).
 */
async function sayAway(turn: Turn, reason: string): Promise<void> {
  if (reason === "insufficient_tokens") return;
  const business = { ...turn.hours, timeZone: turn.timeZone, awayMessage: turn.awayMessage, updatedAt: null };
  const language = await turnLanguage(turn);
  const text = awayNotice(business, isDetectedLanguage(language) ? language : "en");
  if (text) await reply(turn, text);
}

function split(text: string): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > LIMIT) {
    const cut = Math.max(rest.lastIndexOf("\n", LIMIT), rest.lastIndexOf(" ", LIMIT));
    const at = cut > LIMIT / 2 ? cut : LIMIT;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}
