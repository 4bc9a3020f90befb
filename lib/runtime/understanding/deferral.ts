import { containsPhrase, normalize } from "./text-match";

// Two readings a receptionist makes without thinking (issue 35, patterns 6 and 10):
// - a customer who puts the decision off ("I'll check with my wife and let you know", "lo hablo con mis
//   compañeros y os digo", "vou ver e depois digo") is not answering the question just asked: the
//   request is left for later, kindly, instead of asking for the name again;
// - an answer that itself says a person is needed ("order it 48 hours ahead by speaking to our team",
//   "hablando con una persona de nuestro equipo") comes with the offer of one.
// Phrases are matched on normalized text (accents stripped, lower case, repeated letters squeezed).

const putOff = [
  // English
  "let you know",
  "let u know",
  "get back to you",
  "get back to u",
  "think about it",
  "check with my",
  "ask my",
  "talk to my",
  "speak to my",
  "confirm later",
  "decide later",
  "maybe later",
  "not now",
  "come back later",
  "come back to you",
  "write again later",
  "i ll write later",
  // Spanish
  "os digo",
  "te digo algo",
  "ya te digo",
  "luego te digo",
  "le digo algo",
  "lo hablo con",
  "lo consulto",
  "me lo pienso",
  "lo pienso",
  "lo pensamos",
  "ya te confirmo",
  "ya os confirmo",
  "te confirmo luego",
  "os confirmo",
  "luego te escribo",
  "luego os escribo",
  "ya veremos",
  "ahora no",
  "mas tarde te",
  // Portuguese
  "depois digo",
  "depois eu digo",
  "depois te digo",
  "depois lhe digo",
  "ja te digo",
  "ja lhe digo",
  "vou ver com",
  "vou falar com",
  "falo com",
  "vou pensar",
  "vou ver e",
  "confirmo depois",
  "depois confirmo",
  "depois falamos",
  "depois escrevo",
  "agora nao",
  "mais logo digo",
];

/** Whether the message puts the decision off for later, with no value in it (no digits). */
export function defers(text: string): boolean {
  if (/\d/.test(text)) return false;
  const n = normalize(text);
  return putOff.some((p) => containsPhrase(n, p));
}

const staffNeeded = [
  // English
  "speak to our",
  "speak with our",
  "talk to our",
  "talk with our",
  "speaking to our",
  "speaking with our",
  "with a member of our team",
  "contact our team",
  "ask our staff",
  // Spanish
  "hablando con una persona",
  "hablar con una persona",
  "con una persona de nuestro equipo",
  "hablar con nuestro equipo",
  "hablando con nuestro equipo",
  "consultar con nuestro equipo",
  // Portuguese
  "falar com alguem da",
  "falar com a nossa equipa",
  "falando com a nossa equipa",
  "falar com a nossa equipe",
  "falar com uma pessoa",
  "falando com uma pessoa",
];

/** Whether a knowledge answer says the thing is arranged with a person (so one is offered with it). */
export function pointsToPerson(answer: string): boolean {
  const n = normalize(answer);
  return staffNeeded.some((p) => containsPhrase(n, p)) || arrangedWithPerson.test(n) || teamArranges.test(n);
}

// "our team handles the booking personally", "nuestro equipo gestiona la reserva", "a nossa equipa trata".
const teamArranges =
  /\b(?:our|the) (?:team|staff|manager)s? (?:will )?(?:handles?|manages?|arranges?|organises?|organizes?|takes care of|deals? with)\b|\b(?:nuestro|el) (?:equipo|personal|encargado) (?:gestiona|se encarga|organiza|tramita|lo gestiona)\b|\b(?:a nossa|nossa|a) (?:equipa|equipe) (?:trata|gere|organiza|se encarrega|combina)\b/;

// "ordered 48 hours in advance by talking to a person from our team", "combine com a nossa equipa",
// "consulte con el personal": a verb of talking with a word for the staff after it.
const arrangedWithPerson =
  /\b(?:(?:speak|speaking|talk|talking|chat|chatting|contact|contacting|ask|asking|call|calling|arrange|arranged|arranging|check|checking)(?: (?:to|with))?(?: (?:a|an|one of|someone from|a member of|one of the))?(?: (?:our|the))? (?:person|people|someone|member|members|team|staff|colleague|colleagues|manager|waiter|waiters)|(?:falar|falando|fale|contactar|contacte|ligar|ligue|combinar|combine|tratar|trate|pedir|peca) (?:com|ao|a|para) (?:a |o |uma |um )?(?:nossa |nosso )?(?:pessoa|alguem|equipa|equipe|staff|funcionario|funcionarios|gerente|colega|responsavel)|(?:hablar|hablando|hable|contactar|contacte|llamar|llame|consultar|consulte|pedir|pida|pedirlo) (?:con|a|al) (?:una |un |el |la |nuestro |nuestra )?(?:persona|alguien|equipo|personal|encargado|encargada|camarero|camareros))\b/;
