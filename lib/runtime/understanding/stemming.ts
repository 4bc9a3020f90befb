import { stemmer as english } from "@orama/stemmers/english";
import { stemmer as portuguese } from "@orama/stemmers/portuguese";
import { stemmer as spanish } from "@orama/stemmers/spanish";

// Word stems for search, in the three languages customers write in. A knowledge item is written in one
// language and the question may come in another, and a word alone rarely says which, so a word is
// indexed and searched under its Snowball stem in each of the three ("horários" and "horario" meet at
// "horari", "vegetariano" and "vegetarian" at "vegetarian"). Words of three letters or fewer are left
// as they are: stemming "bar" or "sol" only makes false friends.

const stemmers = [english, portuguese, spanish];

/** The word's distinct stems other than itself (input normalized: lower case, no accents). */
export function stems(word: string): string[] {
  if (word.length <= 3 || /\d/.test(word)) return [];
  const out = new Set<string>();
  for (const stem of stemmers) {
    const s = stem(word);
    if (s && s !== word && s.length >= 3) out.add(s);
  }
  return [...out];
}
