// npx tsx scripts/split-trades.ts [--check]: the trades corpus's split (issue 40), by the unseen corpus's
// rule (tests/conversations/unseen/split.ts) with the trades folder, businesses and seed.
import path from "node:path";
import { TRADES_SPLIT_SEED, tradesCase } from "../tests/conversations/trades/case-schema";
import { splitCorpus } from "../tests/conversations/unseen/split";

const dir = path.resolve(__dirname, "../tests/conversations/trades");
process.exit(splitCorpus({ name: "split-trades", dir, seed: TRADES_SPLIT_SEED, schema: tradesCase, check: process.argv.includes("--check") }));
