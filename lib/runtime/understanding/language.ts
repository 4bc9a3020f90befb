import { franc, francAll } from "franc-min";
import { type DetectedLanguage, detectedLanguages } from "../../language";
import { markerWords } from "./language-words";
import { words } from "./text-match";

// Which of the three languages the assistant speaks end to end (English, European Portuguese,
// Spanish) a customer's message is in. franc's trigrams are reliable on a sentence and weak on the
// short messages WhatsApp is full of ("olá", "mesa p 2 amanhã", "¿dónde están?" reads as Portuguese),
// so each message is weighed on three kinds of evidence: words that belong to one language only,
// letters only one language writes (ã õ ç ê ô; ñ ¿ ¡), and franc's guess when there are enough
// letters for it. A message with no evidence ("ok", "2", "20h", "Ana Silva") keeps the
// conversation's language, and switching away from it takes clear evidence, so one "obrigado" or a
// Lisbon street name in an English conversation does not flip the replies.

const francCodes: Record<string, DetectedLanguage> = { eng: "en", por: "pt", spa: "es" };

// Below this many letters franc's answer is noise; up to LONG it weighs half a marker word (its
// "buenos días" is Portuguese), from LONG on two.
const FRANC_MIN = 10;
const FRANC_LONG = 25;
// A lead over franc's runner-up of this much (its scores run 0..1) counts in full; less, in proportion.
const FRANC_SURE = 0.25;
// How much more evidence another language needs to take over from the conversation's.
const SWITCH_MARGIN = 1.5;
// Less evidence than this (a faint franc lean and nothing else) is no evidence.
const FAINT = 0.25;
// What being the business's local language adds to Portuguese or Spanish evidence.
const LOCAL_NUDGE = 0.25;

// An address ("Rua de São Bento 20", "Calle Mayor 5") names places, not the customer's language; nor
// do an email address or a link.
const address =
  /\b(rua|r\.|avenida|av\.?|avda\.?|travessa|tv\.|largo|pra[cç]a|cal[cç]ada|estrada|alameda|calle|c\/|plaza|paseo)\s+[^\d\n]{0,60}\d.*/giu;
// (?<!\S): an email is taken from its word's start, not tried again from each of its characters.
const emailOrLink = /(?<!\S)\S+@\S+|https?:\/\/\S+|www\.\S+/giu;

/** The evidence for each language in `text` (see the file comment); exported for tests and tuning. */
export function languageScores(text: string): Record<DetectedLanguage, number> {
  const scores: Record<DetectedLanguage, number> = { en: 0, pt: 0, es: 0 };
  const plain = text.replace(emailOrLink, " ").replace(address, " ");
  const said = words(plain);
  // "y" alone is a yes typed short, not Spanish "and": one letter says nothing of the language.
  const oneLetter = said.length === 1 && said[0].length === 1;
  if (!oneLetter) for (const w of said) for (const lang of detectedLanguages) if (markerWords[lang].has(w)) scores[lang] += 1;
  for (const raw of plain.toLowerCase().split(/\s+/)) {
    if (/[ãõçêôà]/u.test(raw)) scores.pt += 1;
    if (/ñ/u.test(raw)) scores.es += 1;
  }
  if (/[¿¡]/u.test(plain)) scores.es += 1;
  const letters = plain.replace(/[^\p{L}]/gu, "").length;
  if (letters >= FRANC_MIN) {
    // franc's own confidence: its runner-up's distance from the winner. Between Portuguese and
    // Spanish it is often under 0.1 ("Queria encomendar 2 margheritas" reads as Spanish by 0.096), so
    // there the words above decide.
    const [[top, first] = ["", 0], [, second] = ["", 0]] = francAll(plain, { only: Object.keys(francCodes), minLength: FRANC_MIN });
    const guess = francCodes[top];
    const confidence = first > 0 ? Math.min(1, (first - second) / FRANC_SURE) : 0;
    if (guess) scores[guess] += (letters >= FRANC_LONG ? 2 : 0.5) * confidence;
  }
  return scores;
}

/**
 * The language of one message. `previous` is the conversation's language so far: it stays when the
 * message says nothing about language, and another language must beat it by a clear margin. With no
 * previous language, a message without evidence is taken as English. `local` is the language of the
 * business's own country (see `localLanguage`): a message that is Portuguese or Spanish without
 * saying which ("Queria 2 diavolas para entrega") is taken as the local one.
 */
export function detectLanguage(text: string, previous?: DetectedLanguage | null, local?: DetectedLanguage | null): DetectedLanguage {
  const scores = languageScores(text);
  // Only a first message leans to the local language: once the conversation has one, it keeps it unless
  // the message clearly says otherwise ("na, ya iremo sin resevá, grasias miarma" stays Spanish in Lisbon).
  if (!previous && local && local !== "en" && (scores.pt > 0 || scores.es > 0)) scores[local] += LOCAL_NUDGE;
  const ranked = [...detectedLanguages].sort((a, b) => scores[b] - scores[a]);
  const [best, second] = ranked;
  if (previous) return scores[best] - scores[previous] >= SWITCH_MARGIN ? best : previous;
  if (scores[best] < FAINT) return "en";
  // A tie between two languages (no previous to fall back on): franc's pick if it is one of them.
  if (scores[best] === scores[second]) {
    const guess = francCodes[franc(text, { only: Object.keys(francCodes), minLength: 1 })];
    if (guess && scores[guess] === scores[best]) return guess;
  }
  return best;
}

/** Whether a message says anything at all about its language ("ok", "2" and "Ana" do not). */
export function hasLanguageEvidence(text: string): boolean {
  return Math.max(...Object.values(languageScores(text))) >= FAINT;
}

// The language spoken where the business is, from its time zone: Portugal and Brazil, Spain and
// Spanish-speaking America. Elsewhere null (no nudge).
const localZones: Array<[RegExp, DetectedLanguage]> = [
  [
    /^(Europe\/Lisbon|Atlantic\/(Madeira|Azores)|America\/(Sao_Paulo|Bahia|Fortaleza|Recife|Belem|Manaus|Maceio|Cuiaba|Campo_Grande|Porto_Velho|Boa_Vista|Rio_Branco|Araguaina|Santarem|Noronha)|Africa\/(Luanda|Maputo|Bissau)|Atlantic\/Cape_Verde)$/,
    "pt",
  ],
  [
    /^(Europe\/Madrid|Atlantic\/Canary|Africa\/Ceuta|America\/(Mexico_City|Monterrey|Merida|Cancun|Tijuana|Bogota|Lima|Santiago|Caracas|Montevideo|Asuncion|La_Paz|Guayaquil|Panama|Costa_Rica|Guatemala|El_Salvador|Tegucigalpa|Managua|Havana|Santo_Domingo|Puerto_Rico|Argentina\/.+))$/,
    "es",
  ],
];

export function localLanguage(timeZone: string): DetectedLanguage | null {
  return localZones.find(([zone]) => zone.test(timeZone))?.[1] ?? null;
}

/**
 * The trigger phrase to tell a customer writing in `lang` to use: the first of `phrases` in that
 * language, else the first that belongs to none ("reservar", "pizza"), else null, so a Portuguese or
 * Spanish customer is never told to write an English word.
 */
export function triggerPhraseFor(phrases: readonly string[], lang: DetectedLanguage): string | null {
  const scored = phrases.map((phrase) => ({ phrase, scores: languageScores(phrase) }));
  const own = scored.find(({ scores }) => scores[lang] > 0 && detectedLanguages.every((other) => scores[other] <= scores[lang]));
  const neutral = scored.find(({ scores }) => detectedLanguages.every((other) => scores[other] === 0));
  return (own ?? neutral)?.phrase ?? null;
}
