// npx tsx scripts/split-unseen.ts [--check] [--dir <path>]: the unseen corpus's split (issue 35, item 8):
// within each (pattern, language) group the ids sorted by sha256(seed + id), the first 30 % held out
// (tests/conversations/unseen/split.ts does the work; scripts/split-trades.ts is the trades corpus's).
// --dir: another copy of the folder (to try the split without touching the tree's drafts).
import path from "node:path";
import { SPLIT_SEED, unseenCase } from "../tests/conversations/unseen/case-schema";
import { splitCorpus } from "../tests/conversations/unseen/split";

const dirArg = process.argv.indexOf("--dir");
const dir = dirArg > 0 ? path.resolve(process.argv[dirArg + 1]) : path.resolve(__dirname, "../tests/conversations/unseen");
process.exit(splitCorpus({ name: "split-unseen", dir, seed: SPLIT_SEED, schema: unseenCase, check: process.argv.includes("--check") }));
