import type { Language } from "./human-request";
import { words } from "./text-match";

// Words that say nothing about what a customer wants, in the languages the assistant understands out
// of the box. Dropped before knowledge and catalog search, so "what are your opening hours?" searches
// for "opening hours" and "do you sell cars?" finds nothing. Counting them also tells, roughly, which
// language a message is in, for the few fixed sentences the retrieval engine says itself.

const lists: Record<Language, string> = {
  en: `a an the and or but if of to in on at by for with from about as into over after before up down out off is are was
    were be been being am do does did done have has had having can could will would shall should may might must i me my mine
    we us our ours you your yours he him his she her it its they them their theirs this that these those there here what
    which who whom whose when where why how any some all each every no not yes please thanks thank hi hello hey ok okay tell
    know want need like get got give let make just also too very much many more most so than then s m`,
  pt: `o os um uma uns umas de do da dos das no na nos nas em por para com sem e ou que qual quais quem quando onde como eu
    tu ele ela voces voce vc tem ter ha sao esta estao foi ser sim nao obrigado obrigada ola oi meu minha seu sua vou quero`,
  es: `el la los las un una unos unas del al en por para con sin y o que cual cuales quien cuando donde como es son esta estan
    yo tu usted ustedes mi su sus tiene tienen hay si gracias hola quiero`,
  fr: `le les une des du de la au aux en par pour avec sans et ou que qui quoi quand comment est sont ai as avez avons je tu il
    elle nous vous ils elles mon ma mes votre vos son sa ses oui non merci bonjour salut c est`,
  de: `der die das den dem des ein eine einen einem einer und oder aber von zu im in am an auf mit fur ohne ist sind war ich
    du er sie es wir ihr mein meine dein ihre unser haben hat gibt wann wo wie was wer ja nein danke hallo`,
};

const byLanguage = Object.fromEntries(
  Object.entries(lists).map(([language, list]) => [language, new Set(list.split(/\s+/).filter(Boolean))]),
) as unknown as Record<Language, ReadonlySet<string>>;

export const stopwords: ReadonlySet<string> = new Set(Object.values(byLanguage).flatMap((s) => [...s]));

/** The words of a message worth searching for. */
export function meaningfulWords(text: string): string[] {
  return words(text).filter((w) => !stopwords.has(w) && (w.length > 1 || /\d/.test(w)));
}

/** A rough guess at a message's language from its small words; English when nothing stands out. */
export function guessLanguage(text: string): Language {
  const all = words(text);
  let best: Language = "en";
  let bestHits = 0;
  for (const [language, set] of Object.entries(byLanguage) as Array<[Language, ReadonlySet<string>]>) {
    const hits = all.filter((w) => set.has(w)).length;
    if (hits > bestHits) [best, bestHits] = [language, hits];
  }
  return best;
}
