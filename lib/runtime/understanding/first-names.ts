import fakerNames from "./first-names.json";
import { stopwords } from "./stopwords";
import { normalize } from "./text-match";

// Given names, to tell a name written in lower case ("mesa pa amanha as 21h pa 5, tiago") from any
// other word. The lists are Faker's person definitions for the languages our customers write in and
// the tourists who write to them (about 6,000 names): data the field keeps, not a list of our own,
// copied into first-names.json by `npm run names:generate` (scripts/first-names.ts) so that a process
// does not hold Faker's nine locales for one list; tests/unit/first-names.test.ts keeps the copy true.
//
// Many given names are also everyday words ("Grace", "May", "Rosa", "Luz", "Sim"...); those are never
// taken alone as a name in lower case.
const everydayWords = new Set(
  `will may hope joy grace summer rose june april august autumn dawn faith ivy lily daisy holly ruby amber pearl jade
  crystal sky river bill pat mark max art jack frank sandy chase chance dean guy lane drew reed miles king prince bud ray
  don rosa luz dolores mercedes pilar consuelo amparo concepcion esperanza gloria angel cruz domingo santos reyes clara
  franco rey celeste blanca flor aurora patience precious charity heaven harmony melody serenity destiny trinity unique
  justice royal nova sunny baby stone clay glen heath forest brown green price ward ola era ora toy van can ave tea pie job
  bon una ida mac neo oma ova sim mia tia ima len til kit eve sage skye brook brooks lee gus carol earl victor norman gene
  rusty dusty sterling cash belle bella bello linda bonita maya jean jane`
    .split(/\s+/)
    .filter(Boolean),
);

let names: ReadonlySet<string> | null = null;

function givenNames(): ReadonlySet<string> {
  if (names) return names;
  const out = new Set<string>();
  for (const n of fakerNames as string[]) out.add(normalize(n));
  names = out;
  return out;
}

/** Whether a (normalized) word is a given name and not also an everyday word or a word left out of searches. */
export function isGivenName(word: string): boolean {
  return word.length >= 3 && givenNames().has(word) && !everydayWords.has(word) && !stopwords.has(word);
}
