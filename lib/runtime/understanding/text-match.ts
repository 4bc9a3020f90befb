// How the assistant compares what customers write with phrases: case- and accent-insensitive, whole
// words only, so "Réservation" matches "reservation" and "book" does not match "notebook".

/** Lower case, accents stripped, every run of non-letters and non-digits turned into one space. */
// Emoji that stand for a word a reader needs: "can i bring her inside? 🐶", "it's her 🎂".
const emojiWords: [RegExp, string][] = [
  [/\u{1F436}|\u{1F415}|\u{1F429}|\u{1F9AE}|\u{1F43E}/gu, " dog "],
  [/\u{1F382}/gu, " birthday "],
  [/\u{1F355}/gu, " pizza "],
];

export function normalize(text: string): string {
  let out = text;
  if (/\p{Extended_Pictographic}/u.test(out)) for (const [emoji, word] of emojiWords) out = out.replace(emoji, word);
  return out
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export function words(text: string): string[] {
  const n = normalize(text);
  return n ? n.split(" ") : [];
}

/**
 * A hyphenated word also written as one ("Check-up" -> "checkup", "e-mail" -> "email"): customers
 * write it either way, so an index holds both.
 */
export function joinedHyphenWords(text: string): string[] {
  return text
    .split(/[^\p{L}\p{M}-]+/u)
    .map((token) => token.split("-").filter(Boolean))
    .filter((parts) => parts.length > 1)
    .map((parts) => normalize(parts.join("")));
}

/** Whether `phrase` occurs in `text` as whole words (both normalized). */
export function containsPhrase(text: string, phrase: string): boolean {
  const p = normalize(phrase);
  return !!p && ` ${normalize(text)} `.includes(` ${p} `);
}

/** The longest of `phrases` found in `text` as whole words, or null. */
export function longestPhraseMatch(text: string, phrases: readonly string[]): string | null {
  const haystack = ` ${normalize(text)} `;
  let best: string | null = null;
  for (const phrase of phrases) {
    const p = normalize(phrase);
    if (p && haystack.includes(` ${p} `) && (!best || p.length > normalize(best).length)) best = phrase;
  }
  return best;
}
