import type { DeliveryRules } from "../../businesses/facts";
import type { HoursRules } from "../../businesses/hours-rules";
import type { Db } from "../../db/client";
import type { assistants, conversations } from "../../db/schema";
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
  /** Set once the turn must say nothing more: the conversation was handed off, or sending is refused. */
  halted: boolean;
  /** Ids of the replies sent in this turn. */
  sent: string[];
};
