import { stemmer as english } from "@orama/stemmers/english";
import { stemmer as portuguese } from "@orama/stemmers/portuguese";
import { stemmer as spanish } from "@orama/stemmers/spanish";

// Word stems for search, in the three languages customers write in. A knowledge item is written in one
// language and the question may come in another, and a word alone rarely says which, so a word is
// indexed and searched under its Snowball stem in each of the three ("horários" and "horario" meet at
// "horari", "vegetariano" and "vegetarian" at "vegetarian"). Words of three letters or fewer are left
// as they are: stemming "bar" or "sol" only makes false friends.

const stemmers = [english, portuguese, spanish];

// Portuguese and Spanish diminutives name the thing itself: "cãozinho" is a dog ("cão"), "mesinha" a
// table, "perrito" a dog, "cafecito" a coffee. Snowball leaves them whole.
const diminutives: Array<[RegExp, string]> = [
  [/zinh([oa]s?)$/, ""],
  [/cit([oa]s?)$/, ""],
  [/inh([oa]s?)$/, "$1"],
  [/it([oa]s?)$/, "$1"],
];

function undiminished(word: string): string | null {
  for (const [suffix, replacement] of diminutives) {
    if (!suffix.test(word)) continue;
    const base = word.replace(suffix, replacement);
    return base.length >= 3 ? base : null;
  }
  return null;
}

/** The word's distinct stems other than itself (input normalized: lower case, no accents). */
export function stems(word: string): string[] {
  if (word.length <= 3 || /\d/.test(word)) return [];
  const out = new Set<string>();
  for (const stem of stemmers) {
    const s = stem(word);
    if (s && s !== word && s.length >= 3) out.add(s);
  }
  const base = undiminished(word);
  if (base) {
    out.add(base);
    for (const stem of stemmers) {
      const s = base.length > 3 ? stem(base) : base;
      if (s && s !== word && s.length >= 3) out.add(s);
    }
  }
  return [...out];
}
