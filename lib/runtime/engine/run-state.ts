import type { SkillGraph } from "../../shared/graph-schema";
import type { DetectedLanguage } from "../../language";
import type { Turn } from "../base/turn-context";

// One skill running inside a turn: the graph of the session's version, its variables and retry count.

export type SkillRun = {
  turn: Turn;
  skillId: string;
  version: number;
  graph: SkillGraph;
  variables: Record<string, unknown>;
  retries: number;
  /** The trigger's phrases: a catalog search of the message that started the skill ignores them. */
  triggerPhrases: string[];
  /** The free-form answer for the `ai` node the session waits at, written outside the transaction. */
  aiAnswer?: { text: string; tokens: number } | null;
  /** The customer's language this turn: texts with a variant in it are said in it. */
  lang: DetectedLanguage;
  /** Variables the dialogue manager filled from this message: their questions take them as answered. */
  filled: Set<string>;
  /** Set once a record node wrote this run's record (a held place then stands). */
  recorded?: boolean;
  /**
   * The customer agreed while giving a detail this turn ("Perfect, Ben Carter"): a confirmation reached
   * in this turn's walk is taken as answered yes. Never saved: a later turn asks as usual.
   */
  agreed?: boolean;
  /**
   * With an LLM, the clauses the model read as questions in this message, in the customer's words: each
   * is answered like a question the offline reading finds. Never saved.
   */
  modelQuestions?: string[];
};

/** A node's text in the customer's language when the node has that variant, else its default text. */
export function localized<T extends string | undefined>(run: Pick<SkillRun, "lang">, text: T, texts?: Partial<Record<string, string>>): T | string {
  return texts?.[run.lang] ?? text;
}

/** What a node did: follow a handle, wait for the customer, finish, or ask for an LLM answer. */
export type Step =
  | { kind: "next"; handle: string }
  | { kind: "wait" }
  | { kind: "end" }
  | { kind: "handoff"; text?: string; reason?: string }
  | { kind: "ai"; instructions?: string };

// Session variables the customer's templates can never name (variable names start with a letter or _).
export const OFFERED = "$offered";
export const OFFER_QUERY = "$offerQuery";
// The parts of a date-time said so far ({date, time, meal}), by variable: "$when:when".
export const whenParts = (variable: string) => `$when:${variable}`;
// The place an availability node holds for this session ({skillId, slot, covers}), and the record a
// session changes instead of creating one ({id, collection, hold}): kept where the holds are given back.
export { EDITING, RESERVED } from "../../conversations/booking-holds";
// The item named without a quantity, waiting for "how many?": {externalId, title}.
export const ASK_QTY = "$askQty";
// The customer's language so far.
export const LANG = "$lang";
// Another skill the customer asked for while this one runs: {skillId, text}.
export const SWITCH = "$switch";
// What the customer said for the staff (an allergy, an occasion), in their words: kept on the record as `notes`.
export const NOTES = "$notes";
// The order just placed waits for payment: the skill's closing words give way to the runtime's (the link follows).
export const AWAITING_PAYMENT = "$awaitingPayment";
// The last refusal of a time said to the customer: the same one is never said twice in a row.
export const REFUSAL = "$refusal";
// The free times an appointment node offered, in the order numbered: [{start, staffId, label}].
export const TIMES = "$times";
// The staff member the customer asked for ("with Ana"), kept while the appointment node offers times: {id, name}.
export const STAFF = "$staff";
// The time of day the customer asked for when the appointment node offered times ("Monday at 11", a day
// it is closed): "Tuesday then, same time" means it. "HH:MM".
export const ASKED_TIME = "$askedTime";
// The part of the day the customer asked for ("next week, afternoons"): "Thursday" answering the times
// offered keeps it. "morning" | "afternoon" | "evening" | "manana" | "tarde" (Spain's hours, time-range.ts).
export const ASKED_PART = "$askedPart";
// The appointment a session moves instead of booking one ("can I move my appointment to Friday?"): {id, staffId, date}.
export const MOVING = "$moving";
/** More appointments the request asked for beside the first (appointment-extras.ts), booked with it. */
export const EXTRAS = "$extras";
/** Sentences an end node says after its own (the extra appointments booked). */
export const ALSO_SAID = "$alsoSaid";
