// `npm test` runs each conversation corpus once, on one of its two databases (scripts/test.mjs names the
// corpora of each stage in CONVO_CORPORA): they grade what the assistant understands, which the database
// does not change, while every other test file runs on both. Run directly (no CONVO_CORPORA), a corpus
// runs on whichever database the run uses.
export function corpusRunsHere(name: "conversations" | "unseen" | "trades" | "corpus-llm"): boolean {
  const listed = process.env.CONVO_CORPORA;
  return listed === undefined || listed.split(",").some((n) => n.trim() === name);
}
