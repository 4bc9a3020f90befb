import type { DeliveryRules } from "../../businesses/facts";
import type { HoursRules } from "../../businesses/hours-rules";
import type { Db } from "../../db/client";
import type { assistants, conversations, InteractivePayload, skillSessions, skills } from "../../db/schema";
import type { Readable } from "./inbound-text";

// What one assistant turn knows while it runs: who it talks to, for which business, inside which
// transaction, and what it has spent but not yet billed.

export type Turn = {
  /** The turn's transaction (the conversation row is locked in it). */
  db: Db;
  businessId: string;
  businessName: string;
  conversation: typeof conversations.$inferSelect;
  /** The customer: `address` is where replies go (their phone, or their WhatsApp BSUID when WhatsApp gave no phone). */
  contact: { id: string; phone: string | null; address: string };
  timeZone: string;
  /** The business hours (weekly and holidays, in `timeZone`): booking slots and the away message read them. */
  hours: HoursRules;
  /** The away message set by the business (null: the default in the customer's language). */
  awayMessage: string | null;
  /** The business's delivery fee, free-delivery threshold and minimum (its facts): what a cart charges. */
  delivery: DeliveryRules;
  assistant: typeof assistants.$inferSelect;
  /** The customer's message this turn answers; `text` is what can be read in it (see inbound-text.ts). */
  message: { id: string; text: string; content: Record<string, unknown> | null; kind: Readable["kind"] };
  /** Tokens spent towards the next reply and not billed yet (the prompt, an LLM's usage). */
  unbilled: number;
  /**
   * Tokens this pass's replies charged so far, taken from the balance when the pass's transaction
   * commits (lib/wallet/wallet.ts): each later reply's check counts them.
   */
  charged: number;
  /** Set once the turn must say nothing more: the conversation was handed off, or sending is refused. */
  halted: boolean;
  /** Ids of the replies sent in this turn. */
  sent: string[];
  /**
   * What the pass read with the turn itself (loadTurn, one statement) instead of one statement each,
   * when it did: the assistant's enabled skills, the conversation's skill session as the pass found it
   * and that version's stored graph (for the pass's first look only: the pass may change the session),
   * the interactive part of the last reply before the customer's message and the customer's message
   * before it (both fixed for the whole turn: what the turn sends comes after).
   */
  loaded?: TurnReads;
};

/** The columns of an enabled skill that make it runnable (read with the turn; retrieval/skill-catalog.ts runs them). */
export type SkillRow = Pick<typeof skills.$inferSelect, "id" | "name" | "version" | "graph" | "examples" | "names">;

export type TurnReads = {
  skills: SkillRow[];
  /** The session row and its version's stored graph, for the pass's first look at it (decide-turn.ts). */
  session: { row: typeof skillSessions.$inferSelect; graph: unknown } | null;
  /** Set once that first look took it: later looks read the session again. */
  sessionTaken: boolean;
  lastReplyInteractive: InteractivePayload | null;
  previousInboundText: string | null;
};
