import fs from "node:fs";
import { GptEncoding } from "gpt-tokenizer/GptEncoding";

// The retrieval engine uses no model, but its replies are still metered in the same unit an LLM would
// bill, so a wallet means the same thing with or without a provider: the prompt it would have sent
// (the customer's message and the retrieved context) plus the reply, counted with GPT's tokenizer.
//
// The encoding (o200k_base) is built from the tokenizer's own rank file (`data/o200k_base.tiktoken`,
// one "base64 rank" line a token) through its public `GptEncoding.getEncodingApi`, not from its
// package's default entry: that one evaluates a 2.2 MB generated JavaScript module of the same 200,000
// strings, whose source text and compiled literals a server then holds on top of the array itself
// (about 12 MiB of a process's resident memory, docs/performance.md, memory).
// tests/unit/tokens.test.ts checks the array is the library's own, entry for entry.

/** The bytes of a token as the library keeps them: the text when they are whole UTF-8, else the bytes. */
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
function tokenOf(bytes: Buffer): string | number[] {
  try {
    const text = strictUtf8.decode(bytes);
    if (Buffer.byteLength(text) === bytes.length) return text;
  } catch {}
  return [...bytes];
}

/** The ranks of a `.tiktoken` file as the array the library expects (a token at its rank; gaps empty). */
export function parseTiktokenRanks(file: string): (string | number[])[] {
  const ranks: (string | number[])[] = [];
  for (const line of file.split("\n")) {
    if (!line) continue;
    const space = line.indexOf(" ");
    const rank = Number(line.slice(space + 1));
    if (space <= 0 || !Number.isInteger(rank) || rank < ranks.length) throw new Error(`bad tiktoken line: ${line.slice(0, 40)}`);
    while (ranks.length < rank) ranks.push("");
    ranks.push(tokenOf(Buffer.from(line.slice(0, space), "base64")));
  }
  return ranks;
}

// Resolved at run time by Node from the installed package. Through `process.getBuiltinModule`, so that
// the server's bundler leaves the call alone: it rewrites a `createRequire(...).resolve` it can see into
// a bundled file (a data file here, a type it does not know) or, for a name it cannot read, a throw.
export function o200kRankFile(): string {
  const { createRequire } = process.getBuiltinModule("node:module");
  return createRequire(import.meta.url).resolve("gpt-tokenizer/data/o200k_base.tiktoken");
}

// How many distinct words the tokenizer remembers the merges of (its default, 100,000, lets the cache
// grow to tens of MiB on a server that sees many different words; a business's vocabulary repeats).
const MERGE_CACHE_ENTRIES = 20_000;

let encoding: GptEncoding | null = null;
function o200k(): GptEncoding {
  if (!encoding) {
    const ranks = parseTiktokenRanks(fs.readFileSync(o200kRankFile(), "utf8"));
    encoding = GptEncoding.getEncodingApi("o200k_base", () => ranks);
    encoding.setMergeCacheSize(MERGE_CACHE_ENTRIES);
  }
  return encoding;
}

export function countTokens(...texts: Array<string | null | undefined>): number {
  let total = 0;
  for (const text of texts) if (text) total += o200k().countTokens(text);
  return total;
}
