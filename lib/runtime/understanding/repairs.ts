import { numberOf } from "./numbers";

// A customer who corrects a number while writing it ("two margheritas no wait three", "queria 2
// diavolas não espera 3", "4 diavolas... actually 5", "3 bravas no 4", "fri at 8, naw make it half
// 8", "Rua Almirante Reis 150... aliás é 152") means the second number. The message is rewritten
// as if said right the first time ("three margheritas"), before anything reads it, so every reader
// (the cart, the party size, the time, the address) sees one value.

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

// The number words numbers.ts reads, written out so the patterns below are constants (npm run check:regex).
const numberWord =
  "diecisiete|diecinueve|seventeen|dezasseis|dezassete|dieciseis|dieciocho|thirteen|fourteen|eighteen|nineteen|dezanove|quarenta|cuarenta|fifteen|sixteen|catorze|dezoito|catorce|treinta|eleven|twelve|twenty|quatro|quinze|cuatro|quince|veinte|couple|thirty|trinta|three|seven|eight|cinco|treze|vinte|siete|nueve|trece|dozen|forty|four|five|nine|dois|tres|seis|sete|oito|nove|onze|doze|ocho|diez|once|doce|duas|pair|one|two|six|ten|dez|uno|dos|uma|una|um|an|un|a";
const numberToken = `(?:x?\\d{1,3}(?:[:h.]\\d{2})?(?:\\s*(?:am|pm|h)\\b)?|\\b(?:${numberWord})\\b)`;
const timeToken = `(?:(?:half|half past|quarter past|quarter to)\\s+${numberToken}|\\d{1,2}(?::|h|\\.)\\d{2}|\\d{1,2}\\s*(?:am|pm|h)\\b)`;
// The correcting words, then the corrected value: "no wait three", "aliás é 152", "naw make it half 8",
// "não, ponha meia dúzia" (a verb that puts the new count may stand between).
const marker = new RegExp(
  `(?:^|[,;.…-]|(?<!\\s)\\s)\\s*(?:no wait|wait no|nao espera|no espera(?: mejor)?|oh wait|wait|actually|i mean|or rather|sorry|pardon|perdon|perdao|alias|afinal|digo|quer dizer|quiero decir|mejor dicho|o sea|pensando bem|pensandolo bien|bueno|mejor|mejo|naw make it|nah make it|no make it|make that|make it|nao|non|no)(?:\\s*,)?\\s*(?:(?:ponha|ponham|poe|pon|ponme|ponga|pongan|bota|manda|dame|give me)\\s+)?(?:(?:que\\s+)?(?:e|es|is|its|it s|son|sean|sao)\\s+)?(a las\\s+|a la\\s+|as\\s+|at\\s+|pelas\\s+)?(${timeToken}|${numberToken})(?![º°ª]|\\s*(?:st|nd|rd|th)\\b)`,
  "gi",
);
const numbers = new RegExp(numberToken, "gi");

const isTime = (token: string, before: string) =>
  /[:h.]\d{2}|am|pm|h$|half|quarter/i.test(token) || /\b(at|as|a las|a la|pelas|by|around|para as|pras)\s*$/i.test(before);

const leadWords = new Set(["no", "wait", "oh", "nah", "naw", "sorry", "actually", "nao", "espera", "hmm", "um", "uh", "pardon", "perdon", "perdao"]);

/** Where the correcting words that end at `start` begin ("... pickup no wait| make it three"). */
function leadingCorrection(folded: string, start: number): number {
  let at = start;
  for (let guard = 0; guard < 4; guard++) {
    const head = folded.slice(0, at).trimEnd();
    let cut = head;
    while (cut && ",.…!".includes(cut[cut.length - 1])) cut = cut.slice(0, -1);
    const space = cut.lastIndexOf(" ");
    const word = cut.slice(space + 1);
    if (!leadWords.has(word)) break;
    at = space + 1;
  }
  return at;
}

const dayOfMonth =
  /^\s*(?:de\s+)?(?:jan|january|janeiro|enero|feb|february|febrero|fev|fevereiro|mar|march|marco|marzo|apr|april|abr|abril|may|mayo|mai|maio|jun|june|junho|junio|jul|july|julho|julio|aug|august|ago|agosto|sep|sept|september|septiembre|set|setembro|oct|october|octubre|out|outubro|nov|november|novembro|noviembre|dec|december|dez|dezembro|dic|diciembre)\b/;
const leavers =
  /^\s+(?:(?:people|of them|of us|ppl|pessoas|personas|just|have|has|also|ja|ya)\s+)?(?:dropped|cancelled|canceled|can t|cant|cannot|won t|wont|pulled out|left|bailed|aren t|are not|not coming|nao podem|nao vem|nao vao|no pueden|no vienen|no van|se bajaron|se bajan|desistiram|se han bajado)\b/;
const partyNouns = /^(?:people|persons|person|pessoas|personas|pax|guests|adults|adultos|of)$/;

const timeOfSomethingElse =
  /\b(?:ends?|ending|finish(?:es)?|leave|leaving|get off|off work|lands?|landing|till|until|saio|sai|saimos|acaba|termina|salgo|sale|salimos|hasta|aterra|aterriza|not before|no antes de|nao antes das?)\b(?:\s+\S+){0,4}\s*$/;

const correctionTail = new Set(
  "actually then now instead please pls thanks mate sorry really total agora ahora entonces entao mejor tambem tambien also too ok okay".split(" "),
);

const wholeNumber = new RegExp(`^(?:${numberToken})$`, "i");

/**
 * The count said before the last mention of an item (its first four letters), one or two words before
 * it ("to pizza margherita", "2 margheritas"); null when the item was said without one.
 */
function countBefore(before: string, stem: string): { at: number; token: string } | null {
  const ws = [...before.matchAll(/[a-z0-9à-ÿ]+/g)];
  for (let k = ws.length - 1; k >= 0; k--) {
    if (!ws[k][0].startsWith(stem)) continue;
    for (const back of [1, 2]) {
      const w = ws[k - back];
      if (!w) break;
      // "a flan no wait two flans": an article right before the item is its count of one.
      const article = back === 1 && /^(?:a|an|um|uma|un|una)$/.test(w[0]);
      if (w[0] === "to" || w[0] === "too" || article || (wholeNumber.test(w[0]) && !/^(?:a|an)$/.test(w[0]))) return { at: w.index, token: w[0] };
    }
    return null;
  }
  return null;
}

// "Aliás, em vez das 6 águas, 4 águas e 2 Coca-Cola", "instead of the 3 cokes, 2 cokes and a water": the
// count said earlier for that item is the new one, and the rest of the sentence adds what it names.
const insteadOf = new RegExp(
  `(?:^|(?<=[,;.…!-]|\\s))\\s*(?:(?:alias|actually|afinal|sorry|oh|wait|no|nao)\\s*,?\\s*)*(?:em vez|em lugar|no lugar|ao inves|instead|en vez|en lugar|rather than)(?:\\s+(?:of|de|do|da|dos|das|del|the|o|a|os|as|el|la|los|las))*\\s+(${numberToken})\\s+([a-z]+)\\s*,?\\s*(?:(?:make it|pode ser|mejor|better|so|sao|son|are)\\s+)?(${numberToken})(?:\\s+([a-z]+))?`,
  "id",
);

function withoutInsteadOf(text: string): string {
  const folded = fold(text);
  const m = insteadOf.exec(folded);
  if (!m) return text;
  const [, , noun, said, again] = m;
  // "em vez de 2 Caesar são 3": the item need not be said again; said again, it is the same one.
  if ((again && noun.slice(0, 4) !== again.slice(0, 4)) || numberOf(said.trim()) === null) return text;
  const target = countBefore(folded.slice(0, m.index), noun.slice(0, 4));
  const at = m.indices?.[3];
  if (!target || !at) return text;
  const end = m.index + m[0].length;
  return `${text.slice(0, target.at)}${text.slice(at[0], at[1])}${text.slice(target.at + target.token.length, m.index)}${text.slice(end)}`;
}

// A time said in words and corrected at once: "at like seven thirty no wait eight", "as oito, não, nove".
const hourWord =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|uma|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|una|dos|cuatro|siete|ocho|nueve|diez|once|doce";
const minuteWord = "thirty|fifteen|forty five|forty-five|o clock|oclock|e meia|e um quarto|y media|y cuarto";
const spokenTime = `(?:(?:half past|quarter past|quarter to)\\s+)?(?:${hourWord})(?:\\s+(?:${minuteWord}))?(?:\\s*(?:am|pm))?`;
const anyTime = `(?:${spokenTime}|\\d{1,2}(?:[:h.]\\d{2})?(?:\\s*(?:am|pm|h))?)`;
const spokenTimeRepair = new RegExp(
  `\\b(?:at|as|a las|pelas|para as|pras|around|by)\\s+(?:like\\s+|around\\s+|tipo\\s+|umas\\s+|unas\\s+)?(${spokenTime})\\s*,?\\s*(?:no wait|wait no|oh wait|wait|actually|sorry|i mean|nao espera|no espera|nao|no)\\s*,?\\s*(?:make it\\s+|make that\\s+|a las\\s+|as\\s+|at\\s+)?(${anyTime})(?![\\p{L}\\d])`,
  "du",
);

function withoutSpokenTimeRepair(text: string): string {
  const m = spokenTimeRepair.exec(fold(text));
  const first = m?.indices?.[1];
  const second = m?.indices?.[2];
  if (!m || !first || !second) return text;
  return `${text.slice(0, first[0])}${text.slice(second[0], second[1])}${text.slice(second[1])}`;
}

// "são 5 margheritas, não 4": the number said after "não" is the one taken back, not a new one.
const statedThenDenied = /\b(?:sao|son|are|is|e|es|eram|seran|serao)\s+$/;

/** `text` with every number the customer corrected in the same message replaced by the correction. */
export function withoutRepairs(text: string): string {
  // Composed accents keep folding length-preserving, so positions in the folded text are positions in `out`.
  let out = withoutSpokenTimeRepair(withoutInsteadOf(text.normalize("NFC")));
  const replaced: string[] = [];
  for (let guard = 0; guard < 4; guard++) {
    const folded = fold(out);
    marker.lastIndex = 0;
    let changed = false;
    for (let m = marker.exec(folded); m; m = marker.exec(folded)) {
      const said = m[2];
      const start = m.index;
      // "8 of us... two just dropped out so make it 6": the new total after some leave, read by the party reader.
      if (!m[1] && [...folded.slice(0, start).matchAll(numbers)].some((n) => leavers.test(folded.slice(n.index + n[0].length, start)))) continue;
      // "Aliás, são 5 margheritas, não 4": a "não" after a count set right takes back the old count.
      const lead = folded.slice(m.index, m.index + m[0].length - said.length - (m[1]?.length ?? 0));
      const denial = /^(?:nao|no|non)$/.test(lead.replace(/[\s,;.…-]+/g, " ").trim());
      if (denial && !m[1]) {
        const lastCount = [...folded.slice(0, start).matchAll(numbers)].at(-1);
        const statedBefore = lastCount && statedThenDenied.test(folded.slice(0, lastCount.index));
        if (statedBefore || replaced.includes(said.trim())) {
          out = `${out.slice(0, start)}${out.slice(m.index + m[0].length)}`;
          changed = true;
          break;
        }
      }
      // "actually a table outside": an article after the correcting word is no number ("no, mejor a las
      // 9" is a time: its "a las" is read as the time's).
      if (!m[1] && /^(?:a|an|un|una|uma|um)$/i.test(said.trim())) continue;
      const before = folded.slice(0, start);
      const time = isTime(said, m[1] ?? "");
      // The number corrected: the last of its kind in the few words before the correction.
      let target: { at: number; token: string } | null = null;
      for (const n of before.matchAll(numbers)) {
        // "12 of us on Thursday 3 Dec... make that 10": a day of the month is no count to correct.
        const ordinal =
          /^[º°ª]|^\s*(st|nd|rd|th)\b/.test(before.slice(n.index + n[0].length)) ||
          dayOfMonth.test(before.slice(n.index + n[0].length, n.index + n[0].length + 16));
        if (ordinal || isTime(n[0], before.slice(0, n.index)) !== time) continue;
        target = { at: n.index, token: n[0] };
      }
      // "8 pm... no, 9 is better": a bare hour right after a time corrects that time (with its am/pm or h).
      let replacement = said;
      const nearest = [...before.matchAll(numbers)].at(-1);
      // "a filling thursday at 10... actually no, make it 11": with no count but an article to correct, the
      // correcting words that lead up to it may stand between the time and the bare hour.
      const noCount = !target || /^(?:a|an|um|uma|un|una)$/.test(target.token.trim());
      const upTo = noCount ? leadingCorrection(folded, start) : start;
      const adjacent = nearest && /^[\s.,;…!-]*$/.test(folded.slice(nearest.index + nearest[0].length, upTo));
      // "13:00 - no wait, 2 can't make it": a number of people, not an hour.
      const ofPeople =
        /^\s*(?:can['’ ]?t|cannot|won['’ ]?t|aren['’ ]?t|are not|have|dropped|people|ppl|pax|persons|guests|of us|nao podem|nao vem|no pueden|no vienen|pessoas|personas)\b/.test(
          folded.slice(m.index + m[0].length),
        );
      if (!time && ofPeople) continue;
      if (!time && nearest && adjacent && /^\d{1,2}$/.test(said) && Number(said) <= 24 && isTime(nearest[0], before.slice(0, nearest.index))) {
        target = { at: nearest.index, token: nearest[0] };
        const suffix = /(?:am|pm|h)$/.exec(target.token)?.[0];
        if (suffix) replacement = `${said}${suffix}`;
      }
      const end = m.index + m[0].length;
      const next = /^\s+([a-zà-ÿ]+)/i.exec(folded.slice(end));
      // "no 7 actually", "3 then": a word that goes with the correction, not an item it names.
      const noun = next && !correctionTail.has(next[1]) ? next : null;
      // "to pizza margherita and one coke... no wait make it three margherita": the correction names its
      // item, so the number corrected is the one said before that item ("to", "too": two misspelt).
      const named = !time && noun && noun[1].length >= 4 ? countBefore(before, noun[1].slice(0, 4)) : null;
      if (named) target = named;
      // "rua do norte 88, 2nd floor. oh wait make it 2 margheritas": an item this message never counted was
      // counted in an earlier one; the cart reads the new count, and no number here is corrected.
      else if (!time && noun && noun[1].length >= 4 && !partyNouns.test(noun[1])) continue;
      if (!target) continue;
      // "Salgo del trabajo a las 14:30, entonces mejor a las 15:00": the first time is of something else,
      // so the second is no correction of it (when.ts reads the table's time beside it).
      if (time && timeOfSomethingElse.test(before.slice(0, target.at))) continue;
      const between = before.slice(target.at + target.token.length);
      if (between.trim().split(/\s+/).filter(Boolean).length > 12) continue;
      if (!time && numberOf(fold(said).trim()) === null && !/^x?\d/.test(said)) continue;
      // The noun said again after the correction ("2 diavolas, aliás 3 diavolas") goes with it.
      const following = between
        .trim()
        .split(/\s+/)
        .slice(0, named ? 2 : 1);
      const sameNoun = noun && following.some((w) => noun[1].slice(0, 4) === w.replace(/[^a-z]/g, "").slice(0, 4));
      const cut = sameNoun && noun ? end + noun[0].length : end;
      const corrected = replacement === said ? out.slice(end - said.length, end) : replacement;
      // "no wait make it three": the words that led up to the correction go with it.
      const from = Math.max(target.at + target.token.length, leadingCorrection(folded, start));
      replaced.push(fold(target.token).trim());
      out = `${out.slice(0, target.at)}${corrected}${out.slice(target.at + target.token.length, from)}${out.slice(cut)}`;
      changed = true;
      break;
    }
    if (!changed) break;
  }
  return out;
}

// "paso en 15 min", "be there in 10 minutes": a wait, never a quantity or a party size.
const durations = /\b(?:in|en|em|within|dentro de|daqui a|d'aqui a)?\s*\d{1,3}\s*(?:min|mins|minutes|minutos|minutitos|minuten)\b/gi;

// "a couple of cokes", "un par de cañas", "um par de imperiais": two.
const aCouple = /(^|[\s,.;:!?¿¡(])(?:a couple of|a couple|un par de|um par de|uns par de)\s/gi;

// "ponha meia dúzia", "half a dozen", "media docena": six, counted before a correction is read.
const halfDozen = /\b(?:half a dozen|meia d[uú]zia|media docena)\b/gi;

/** The message as the readers take it: corrections applied, waits ("in 15 min") left out. */
export function asMeant(text: string): string {
  return withoutRepairs(text.replace(halfDozen, "6")).replace(durations, " ").replace(aCouple, "$12 ");
}
