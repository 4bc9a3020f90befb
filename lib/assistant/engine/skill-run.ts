import type { SkillGraph } from "../../skills/graph-schema";
import type { Turn } from "../turn-context";

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
};

/** What a node did: follow a handle, wait for the customer, finish, or ask for an LLM answer. */
export type Step =
  | { kind: "next"; handle: string }
  | { kind: "wait" }
  | { kind: "end" }
  | { kind: "handoff" }
  | { kind: "ai"; instructions?: string };

// Session variables the customer's templates can never name (variable names start with a letter or _).
export const OFFERED = "$offered";
export const OFFER_QUERY = "$offerQuery";
