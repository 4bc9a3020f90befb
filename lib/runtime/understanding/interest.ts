import { skillKindExamples } from "./intent-examples";
import { smallTalk } from "./small-talk";
import { meaningfulWords } from "./stopwords";
import { normalize } from "./text-match";

// What a lead is about, when the first message already says it ("We're organising the company's
// Christmas dinner and would like information about your private room. My email is ..."): the
// sentences that say more than "please contact me" (their words are not the skill's own asking words),
// without the one that gives the name or the email, and without greetings. Null when nothing is left:
// then the skill asks.

const emailIn = /[^\s@]@[\w-]+(?:\.[\w-]+)+/;
const intro =
  /(?:^|\s)(?:sou o|sou a|sou|my name is|i am|i'm|im|this is|me llamo|soy|mi nombre es|chamo-me|me chamo|o meu nome|el meu nome|aqui e|aqui é)\s/i;
const leadWords = new Set(
  Object.values(skillKindExamples.lead)
    .flat()
    .flatMap((p) => meaningfulWords(normalize(p))),
);

/** The sentences of `text` that say what the customer is interested in; `asking`: the skill's own words (its name, phrases). */
export function readInterest(text: string, asking: string[] = []): string | null {
  const own = new Set([...leadWords, ...asking.flatMap((p) => meaningfulWords(normalize(p)))]);
  const kept = text
    .split(/(?<=[.!?\n])\s*/)
    .map((s) => s.trim())
    .filter((s) => s && !emailIn.test(s) && !intro.test(` ${s}`) && !smallTalk(s))
    .filter((s) => meaningfulWords(normalize(s)).filter((w) => !own.has(w)).length >= 3);
  const said = kept.join(" ").trim();
  return said.length >= 12 ? said : null;
}
