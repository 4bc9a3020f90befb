// How a corpus of written conversations is played and graded, shared by the unseen corpus (issue 35,
// unseen.test.ts) and the trades corpus (issue 40, trades.test.ts): each turn said and the facts its
// reply must or must not have, every reply in the customer's language, the conversation's status and
// whether a person was offered, the cases run grouped by their `now` with the clock pinned to it, and
// the corpus's worker and report file around the run. Each runner keeps only what is its own (how its
// business is made, what its outcome holds).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { Worker } from "@/lib/jobs/worker";
import { pinClock } from "@/lib/time/clock";
import { assistantWorker, type customer, type Shop } from "@/tests/assistant/harness";
import { detectLang, englishCanned, letters, stripOwnerWords } from "../lang";
import { DEFAULT_NOW, type Fact } from "./case-schema";
import { hasFact, localToInstantIn, personOffered, showFact } from "./grade";
import { pool, type Result } from "./report";

type Customer = ReturnType<typeof customer>;
type Turn<F> = { say: string; replyHas?: F[]; replyLacks?: F[] };
type FactCheck<F> = { has: (text: string, fact: F) => boolean; show: (fact: F) => string };
const caseFacts: FactCheck<Fact> = { has: hasFact, show: showFact };

/**
 * Says each turn and checks the facts its reply must (not) have; a turn that throws ends the conversation.
 * The facts are the case format's (a string or a regex source); the project's own corpus passes its own.
 */
export async function playTurns<F = Fact>(
  who: Customer,
  turns: Turn<F>[],
  { has, show }: FactCheck<F> = caseFacts as unknown as FactCheck<F>,
): Promise<{ transcript: Result["transcript"]; failures: string[] }> {
  const failures: string[] = [];
  const transcript: Result["transcript"] = [];
  for (const [i, turn] of turns.entries()) {
    let replies: string[];
    try {
      replies = await who.say(turn.say);
    } catch (err) {
      failures.push(`turn ${i + 1}: ${(err as Error).message}`);
      transcript.push({ say: turn.say, replies: [] });
      break;
    }
    transcript.push({ say: turn.say, replies });
    const text = replies.join("\n");
    for (const fact of turn.replyHas ?? [])
      if (!has(text, fact)) failures.push(`turn ${i + 1} ${JSON.stringify(turn.say)}: reply lacks ${show(fact)}`);
    for (const fact of turn.replyLacks ?? [])
      if (has(text, fact)) failures.push(`turn ${i + 1} ${JSON.stringify(turn.say)}: reply has ${show(fact)}`);
  }
  return { transcript, failures };
}

/**
 * Every reply of 20+ letters in the customer's language once the business's proper names are taken out
 * (pattern 4), and no English canned words in a Portuguese or Spanish reply.
 */
export function languageFailures(transcript: Result["transcript"], want: string, names: string[]): string[] {
  const failures: string[] = [];
  for (const [i, t] of transcript.entries())
    for (const reply of t.replies) {
      const own = stripOwnerWords(reply, names);
      if (letters(own) < 20) continue;
      const { lang } = detectLang(own);
      if (lang && lang !== want) failures.push(`turn ${i + 1}: reply in ${lang}, not ${want}: ${JSON.stringify(reply)}`);
      const canned = want !== "en" ? englishCanned(own) : null;
      if (canned) failures.push(`turn ${i + 1}: English "${canned}" in a ${want} reply: ${JSON.stringify(reply)}`);
    }
  return failures;
}

/** Whether the conversation ended with a person as expected, and a person was offered as expected. */
export async function statusFailures(shop: Shop, who: Customer, outcome: { handoff: boolean; personOffered?: boolean }): Promise<string[]> {
  const failures: string[] = [];
  const conversation = await who.conversation().catch(() => null);
  const status = conversation?.status ?? null;
  if ((status === "handoff") !== outcome.handoff) failures.push(`status ${status}, expected ${outcome.handoff ? "handoff" : "no handoff"}`);
  if (outcome.personOffered !== undefined) {
    const offered = conversation ? await personOffered(shop.businessId, conversation.contactId, status) : false;
    if (offered !== outcome.personOffered) failures.push(offered ? "a person was offered, expected none" : "no person was offered");
  }
  return failures;
}

/** Runs cases grouped by the instant their `now` names in their business's zone, the clock pinned to it. */
export async function runByNow<C extends { now?: string }>(
  cases: C[],
  zoneOf: (c: C) => string,
  concurrency: number,
  run: (c: C) => Promise<Result>,
): Promise<Result[]> {
  const groups = new Map<number, C[]>();
  for (const c of cases) {
    const at = localToInstantIn(zoneOf(c), c.now ?? DEFAULT_NOW).getTime();
    groups.set(at, [...(groups.get(at) ?? []), c]);
  }
  const results: Result[] = [];
  try {
    for (const at of [...groups.keys()].sort((a, b) => a - b)) {
      pinClock(new Date(at));
      results.push(...(await pool(groups.get(at) ?? [], concurrency, run)));
    }
  } finally {
    pinClock(null);
  }
  return results;
}

/**
 * The corpus file's assistant worker, started before its tests and stopped after them, and its report
 * written to `<CORPUS_RESULTS_DIR or test-results>/<name>.json` (npm run corpus:llm keeps a model's
 * results apart from the offline run's).
 */
export function corpusLifecycle(name: string, runsHere: boolean, concurrency: number, report: object): void {
  let worker: Worker | null = null;
  beforeAll(() => {
    if (!runsHere) return;
    worker = assistantWorker({ concurrency });
  });
  afterAll(async () => {
    if (!runsHere) return;
    pinClock(null);
    await worker?.stop();
    const out = process.env.CORPUS_RESULTS_DIR ?? path.resolve(__dirname, "../../../test-results");
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, `${name}.json`), JSON.stringify(report, null, 2));
  });
}
