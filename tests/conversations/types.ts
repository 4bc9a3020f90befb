// The conversation corpus format (issue 13), shared by the corpus and the dialogue manager's authors.
// A case is a scripted customer: the runner sends each `say` in turn on the sandbox channel, whatever the
// assistant answered, and checks the replies to that message and, at the end, the records and status.

export type Lang = "en" | "pt" | "es";

export type Category =
  | "booking"
  | "orders"
  | "leads"
  | "dates"
  | "corrections"
  | "cancels"
  | "multi-detail"
  | "free-text-not-data"
  | "mid-flow-questions"
  | "small-talk"
  | "business-rules"
  | "knowledge"
  | "handoff";

export const CATEGORIES: Category[] = [
  "booking",
  "orders",
  "leads",
  "dates",
  "corrections",
  "cancels",
  "multi-detail",
  "free-text-not-data",
  "mid-flow-questions",
  "small-talk",
  "business-rules",
  "knowledge",
  "handoff",
];

export type Fact = string | RegExp;

export type Turn = {
  /** Exactly what the customer types. */
  say: string;
  /** Facts the assistant's replies to THIS message must contain (case- and accent-insensitive). */
  replyHas?: Fact[];
  /** What those replies must not contain. */
  replyLacks?: Fact[];
};

export type ExpectedBooking = {
  partySize: number;
  /** Business-local wall clock, "2026-11-26T20:00". */
  when: string;
  name?: string;
  /** Default "confirmed". */
  status?: "confirmed" | "cancelled";
};

export type ExpectedOrder = {
  /** Menu externalIds with quantities (the same item twice counts as one line with the sum). */
  items: Array<{ item: string; qty: number }>;
  fulfilment: "pickup" | "delivery";
  /** A substring of the stored address (accent- and case-insensitive). */
  address?: string;
  /** Cents, fees included. */
  total?: number;
};

export type Case = {
  /** Unique, e.g. "dates-pt-04". */
  id: string;
  category: Category;
  /** The customer's language. */
  lang: Lang;
  /** Typos, slang, emoji, several intents in one message, corrections, interruptions. */
  messy?: boolean;
  /** Business-local wall clock "2026-11-25T16:00" (Europe/Lisbon); default DEFAULT_NOW in shop.ts. */
  now?: string;
  turns: Turn[];
  outcome: {
    /** The conversation's status is `handoff` at the end. */
    handoff: boolean;
    /** Default = lang: every assistant reply (of 20+ letters) is in this language. */
    replyLang?: Lang;
    bookings?: ExpectedBooking[];
    orders?: ExpectedOrder[];
    leads?: Array<{ name?: string; email: string }>;
  };
  // A collection left out of `outcome` must have NO record for this customer at the end.
};
