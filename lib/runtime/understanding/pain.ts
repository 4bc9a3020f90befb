import { normalize, words } from "./text-match";

// Pain and emergencies said in the customer's words (not "urgent", which a booking in a hurry says too):
// a clinic's customer in pain is asked what to do now, not offered a booking for the service a word of
// the message recalls ("dente", a cleaning). Swelling, throbbing and an abscess are pain said by what it does.
const PAIN = new Set(
  `pain painful hurts hurting ache aching aches toothache emergency emergencies sore throbbing swollen swelling abscess agony
    unbearable dor dores doi doem doendo emergencia emergencias inchado inchada inchaco abcesso lateja latejar insuportavel
    dolor dolores duele duelen doliendo hinchado hinchada hinchazon flemon absceso insoportable`.split(/\s+/),
);
// "my tooth has been killing me", "este dente está-me a matar", "la muela me está matando": pain said as
// a figure of speech, which no single word of it says.
const PAIN_FIGURE = /\b(?:killing me|(?:esta|estao|anda)[- ]me a matar|(?:esta|estao|anda) me matando|me (?:esta|estan) matando|me mata)\b/;

// "I chipped my tooth", "parti um dente", "se me ha roto una muela": a broken tooth, which a clinic
// sees as an emergency, said with the tooth within a few words of the break.
const BROKEN_TOOTH =
  /\b(?:chipped|broke|broken|cracked|partido|partida|parti|partiu|partiu-se|roto|rota|rompi|rompio|partio|lascado|lascou)\b[^.?!]{0,30}\b(?:tooth|teeth|dente|dentes|diente|dientes|muela|muelas|crown|coroa|corona)\b|\b(?:tooth|teeth|dente|diente|muela)\b[^.?!]{0,20}\b(?:chipped|broke|broken|cracked|partido|partida|partiu|roto|rota|partio|lascado|lascou)\b/;

// "¿Y duele?", "does whitening hurt?", "vai doer?", "is it painful?": a question whether a treatment hurts,
// which says no pain of the customer's own (no "me", no "my", no tooth said).
const ASKS_IF_HURTS =
  /\b(?:(?:does|do|will|would|did|is|are)\s+(?:it|this|that|they|the\s+\w+|an?\s+\w+|\w+)\s+(?:hurt|be painful|painful|sore)|(?:duele|duelen|dolera|doleran|doi|doem|doera|doerao|vai doer|va a doler|es doloroso|e doloroso|hace dano|faz doer)|hurt\s+much|(?:it|this)\s+hurts?\s*$)\b/;
const OWN_PAIN =
  /\b(?:me|my|mi|mis|minha|meu|meus|minhas|i|im|ive|tengo|tenho|estou|estoy|tooth|teeth|dente|dentes|diente|dientes|muela|muelas|gum|gums|gengiva|encia|encias|jaw|face|cara)\b/;

/** What the business says to do in an emergency, by its words ("urgências", "emergency line"). */
export const EMERGENCY_TEXT = /\b(?:emergenc\w*|urgenc\w*|urgent\w*)/;

export function asksIfItHurts(text: string): boolean {
  const said = normalize(text);
  return /\?/.test(text) && ASKS_IF_HURTS.test(said) && !OWN_PAIN.test(said);
}

export function saysPain(text: string): boolean {
  if (asksIfItHurts(text)) return false;
  const said = normalize(text);
  return words(text).some((w) => PAIN.has(w)) || PAIN_FIGURE.test(said) || BROKEN_TOOTH.test(said);
}

/**
 * What a message in pain asks of the business's knowledge, its pain words alone ("inchada pain"): a long
 * message ("tenho a cara inchada do lado do dente do siso, conseguem ver-me hoje?") matches no knowledge
 * item as a whole. Null when it says no pain.
 */
export function painQuery(text: string): string | null {
  if (!saysPain(text)) return null;
  return [...new Set([...words(text).filter((w) => PAIN.has(w)), "pain"])].join(" ");
}
