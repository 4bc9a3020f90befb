import libraryRanks from "gpt-tokenizer/bpeRanks/o200k_base";
import { countTokens as libraryCount } from "gpt-tokenizer";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { countTokens, o200kRankFile, parseTiktokenRanks } from "@/lib/runtime/understanding/tokens";

// The meter's encoding is built from the tokenizer's rank file instead of its generated module (memory):
// it must be the library's own encoding, rank for rank, or wallets would be charged differently.
describe("the token meter's encoding", () => {
  it("has the library's ranks, every one", () => {
    const ours = parseTiktokenRanks(fs.readFileSync(o200kRankFile(), "utf8"));
    expect(ours.length).toBe(libraryRanks.length);
    let differing = 0;
    for (let i = 0; i < ours.length; i++) {
      const a = ours[i];
      const b = libraryRanks[i];
      const same = typeof a === "string" ? a === b : Array.isArray(b) && a.length === b.length && a.every((x, j) => x === b[j]);
      if (!same) differing++;
    }
    expect(differing).toBe(0);
    // Both kinds of entry occur: whole UTF-8 text and byte sequences that are not.
    expect(ours.some((t) => Array.isArray(t))).toBe(true);
  });

  it("counts what the library counts", () => {
    const texts = [
      "Do you deliver on Sundays?",
      "¿A qué hora cierran hoy? Quiero reservar una mesa para 4 personas 🍕",
      "Bonjour, je voudrais commander deux pizzas margherita et une bouteille d'eau.",
      "こんにちは、予約をお願いします。",
      "مرحبا، هل لديكم خيارات نباتية؟",
      "Guten Tag! Ich möchte einen Termin für Donnerstag um 14:30 Uhr.",
      "🙂🙂👍🏽 ok thx!!!   \n\t  ",
      "x".repeat(5000),
    ];
    for (const text of texts) expect(countTokens(text), text.slice(0, 30)).toBe(libraryCount(text));
    expect(countTokens(...texts, null, undefined, "")).toBe(texts.reduce((n, t) => n + libraryCount(t), 0));
  });

  it("refuses a damaged rank file", () => {
    expect(() => parseTiktokenRanks("IQ== 0\nIg== 0\n")).toThrow(/bad tiktoken line/);
    expect(() => parseTiktokenRanks("IQ==\n")).toThrow(/bad tiktoken line/);
  });
});
