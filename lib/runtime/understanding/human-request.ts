import type { Language } from "../../language";
import { asksIfBot } from "./small-talk";
import { words } from "./text-match";

// Spotting "let me talk to a person" in the languages the assistant understands out of the box.
// Words are compared normalized (lower case, no accents). "agent" or "human" alone is a clear ask;
// "person" or "someone" also appears in ordinary answers ("a table for one person"), so it only counts
// next to a word that makes it a request ("talk to a person", "falar com uma pessoa"); "want" and
// "need" do not, since "we need a table for one person" is a booking.

// `checking`: verbs that ask someone to look into something ("can someone check?"); they make a request
// only with a weak word that is not a quantity ("a table for one person, can you check?" is no request).
// "Could someone contact me with a quote" is a lead, not a hand-over: contacting verbs are not here.
type Vocabulary = { strong: string[]; weak: string[]; asking: string[]; checking: string[] };

const quantity = new Set(["for", "per", "each", "para", "por", "cada", "pour", "fur", "1"]);
// "one person" is a quantity after "for" ("a table for one person"), a doer after a verb ("¿lo puede mirar una persona?").
const oneWords = new Set(["one", "uma", "um", "una", "un", "une", "eine"]);
const counting = new Set([...quantity, "table", "mesa", "de", "only", "just", "solo", "so", "apenas", "somos", "are", "we"]);

/** Whether the word at `i` (a person) is counted, not doing something: "for one person", "por persona". */
function counted(all: string[], i: number): boolean {
  const before = all[i - 1] ?? "";
  return quantity.has(before) || (oneWords.has(before) && (i < 2 || counting.has(all[i - 2])));
}

// "someone from the kitchen", "alguém da cozinha", "alguien del equipo": one of the business's people.
const ofTheBusiness = new Set(
  "kitchen team restaurant staff chef cozinha equipa equipe restaurante cocina equipo casa loja tienda shop salon clinic clinica".split(" "),
);
const contactWords = new Set(["contacto", "contato", "touch"]);

const vocabulary: Record<Language, Vocabulary> = {
  en: {
    strong: ["agent", "agents", "human", "humans", "representative", "operator", "staff", "manager", "colleague"],
    weak: ["person", "someone", "somebody"],
    // "through": "put me through to a human" (only beside a word for a person, like the others).
    asking: ["talk", "speak", "chat", "real", "live", "connect", "transfer", "through", "pass"],
    checking: ["check", "look", "ask", "sort", "confirm"],
  },
  pt: {
    strong: ["atendente", "humano", "humana", "agente", "representante", "operador", "funcionario", "gerente", "responsavel", "colega"],
    weak: ["pessoa", "alguem"],
    asking: [
      "falar",
      "fala",
      "conversar",
      "real",
      "chamar",
      "passar",
      "passa",
      "passe",
      "passem",
      "contacte",
      "contactem",
      "contactar",
      "ligue",
      "liguem",
      "ligar",
    ],
    // "prefiro que uma pessoa veja a foto": the subjunctive asks it too.
    checking: ["verificar", "ver", "veja", "vejam", "verifique", "resolver", "resolva", "resolve", "olhar", "olhe", "confirmar"],
  },
  es: {
    strong: ["agente", "humano", "humana", "representante", "operador", "asesor", "encargado", "encargada", "responsable", "companero", "companera"],
    weak: ["persona", "alguien"],
    asking: [
      "hablar",
      "habla",
      "hablarlo",
      "hablarla",
      "real",
      "pasar",
      "pasame",
      "paseme",
      "pasenme",
      "pase",
      "pasa",
      "comunicar",
      "comunica",
      "comunique",
      "comuniquen",
      "comuniqueme",
      "conecta",
      "conecte",
      "contacte",
      "contacten",
      "contactar",
      "llame",
      "llamen",
      "llamar",
      "ponme",
      "pongame",
    ],
    checking: ["mirar", "mire", "vea", "vean", "comprobar", "compruebe", "revisar", "revise", "resolver", "confirmar"],
  },
  fr: {
    strong: ["agent", "humain", "humaine", "conseiller", "conseillere", "representant", "operateur", "responsable"],
    weak: ["personne", "quelqu"],
    asking: ["parler", "reel", "reelle", "vraie", "vrai", "passer"],
    checking: ["verifier", "regarder"],
  },
  de: {
    strong: ["mitarbeiter", "mitarbeiterin", "mensch", "menschen", "berater", "beraterin", "agent", "vertreter", "kundendienst"],
    weak: ["person", "jemand", "jemandem", "jemanden"],
    asking: ["sprechen", "reden", "echten", "echte", "echter", "verbinden"],
    checking: ["prufen", "nachsehen"],
  },
};

// The one in charge asked to get in touch ("quero que o responsável me contacte", "I want the manager to
// call me"): a person, not a lead (a quote asked of "someone" stays a lead).
const inCharge = new Set(
  "manager owner boss gerente responsavel dono dona encarregado encargado encargada responsable dueno duena jefe jefa".split(" "),
);
const contacting = new Set(
  (
    "contact call ring phone email contacte contacta contactem contactar ligue liguem ligar liga telefone telefonar " +
    "llame llamen llamar contacten contactarme llameme escreva escriba see look check veja vejam ver vea vean mire miren trate tratem"
  ).split(" "),
);

// Words that may stand around a bare request ("a human please", "um atendente por favor").
const filler = new Set([
  "a",
  "an",
  "the",
  "please",
  "pls",
  "um",
  "uma",
  "por",
  "favor",
  "un",
  "une",
  "s",
  "il",
  "vous",
  "plait",
  "ein",
  "einen",
  "eine",
  "bitte",
  "now",
  "agora",
  "ahora",
  "maintenant",
  "jetzt",
]);

/**
 * The language of the request when the customer asks for a human (the one whose words it uses most);
 * null otherwise. A long message is read sentence by sentence: "Can I speak to a person please? I have
 * a complaint about my last order" asks for one in its first sentence.
 */
const possessive = new Set(["my", "our", "his", "her", "their", "meu", "minha", "nosso", "nossa", "mi", "mis", "nuestro", "nuestra", "su", "sus"]);

const joining = new Set(["joining", "joins", "coming", "comes", "arriving", "tagging", "vem", "viene", "vienen", "vai", "va"]);
/** Whether the word at `i` is followed by a verb of coming along ("colleague joining", "a colleague is coming"). */
function joins(all: string[], i: number): boolean {
  const next = all[i + 1] === "is" || all[i + 1] === "will" ? all[i + 2] : all[i + 1];
  return joining.has(next ?? "") || (next === "come" && all[i + 1] === "will");
}

// "I'd like to speak to Bela please", "posso falar com a Rita?", "¿puedo hablar con Javier?": a person
// of the business asked for by their name (written with its capital).
const talkToNamed: Array<[RegExp, Language]> = [
  [/\b(?:speak|talk|chat)\s+(?:to|with)\s+\p{Lu}\p{Ll}+/u, "en"],
  [/\b(?:falar|conversar)\s+com\s+(?:o\s+|a\s+)?\p{Lu}\p{Ll}+/u, "pt"],
  [/\b(?:hablar|conversar)\s+con\s+(?:el\s+|la\s+)?\p{Lu}\p{Ll}+/u, "es"],
];

export function asksForHuman(text: string): Language | null {
  for (const [re, language] of talkToNamed) if (re.test(text) && !asksIfBot(text)) return language;
  // "are you a real person or a bot?" asks about the assistant; "are you a bot? I want a human" asks for one.
  const bot = asksIfBot(text);
  const whole = bot ? null : inSentence(text);
  if (whole || (!bot && words(text).length <= 12)) return whole;
  for (const sentence of text.split(/[.!?\n]+/)) {
    const found = asksIfBot(sentence) ? null : inSentence(sentence);
    if (found) return found;
  }
  return null;
}

// "Quiero hablar con la doctora directamente", "can I speak to the dentist?": the business's professional
// asked to talk to is a person asked for; booking "with the doctor" is not, so only with a verb of talking.
const professionals = new Set(
  (
    "doctor doctora dr dra doutor doutora dentist dentista hygienist higienista barber barbeiro barbero hairdresser stylist " +
    "cabeleireira cabeleireiro peluquera peluquero estilista"
  ).split(" "),
);
const talking = new Set(["talk", "speak", "chat", "falar", "conversar", "hablar", "conversar"]);

function inSentence(text: string): Language | null {
  const all = words(text);
  if (!all.length || all.length > 25) return null;
  const bare = all.filter((w) => !filler.has(w));
  let best: { language: Language; hits: number } | null = null;
  for (const [language, v] of Object.entries(vocabulary) as Array<[Language, Vocabulary]>) {
    // "my colleague cannot eat it" speaks of someone's own colleague, not of one of the business's.
    // "4ppl, colleague joining": someone coming along, not someone asked for.
    const strong = all.filter((w, i) => v.strong.includes(w) && !possessive.has(all[i - 1] ?? "") && !joins(all, i)).length;
    const weak = all.filter((w) => v.weak.includes(w)).length;
    const asking = all.filter((w) => v.asking.includes(w)).length;
    const alone = bare.length === 1 && (v.strong.includes(bare[0]) || v.weak.includes(bare[0]));
    const doer = all.some((w, i) => v.weak.includes(w) && !counted(all, i));
    // "someone from the kitchen", "alguien del equipo": a person of the business, as strong as "staff".
    const theirs = all.some((w, i) => v.weak.includes(w) && all.slice(i + 1, i + 4).some((x) => ofTheBusiness.has(x)));
    const checking = all.some((w) => v.checking.includes(w));
    // "I'd like to talk to someone who knows the kitchen": the person within four words of the asking.
    const near = all.some((w, i) => v.asking.includes(w) && all.slice(i + 1, i + 5).some((x) => v.weak.includes(x)));
    const asks =
      alone ||
      (strong > 0 && (asking > 0 || checking || all.length <= 6)) ||
      (weak > 0 && asking > 0 && (all.length <= 12 || near)) ||
      (doer && checking && all.length <= 16) ||
      (theirs && (asking > 0 || checking || all.some((w) => contacting.has(w) || contactWords.has(w)))) ||
      (all.some((w) => inCharge.has(w) && v.strong.includes(w)) && all.some((w) => contacting.has(w))) ||
      (all.some((w, i) => professionals.has(w) && !possessive.has(all[i - 1] ?? "")) && all.some((w) => talking.has(w) && v.asking.includes(w)));
    const hits = strong + weak + asking;
    if (asks && (!best || hits > best.hits)) best = { language, hits };
  }
  return best?.language ?? null;
}

// A grievance said outright, in any of the three languages: the food is late, missing, cold or wrong,
// or the customer shouts. Read beside a request for a person, so the hand-over starts with an apology.
const grievance =
  /\b(where is my (?:order|food|delivery)|where s my (?:order|food)|still waiting|been waiting|over an hour|an hour ago|hasn t (?:arrived|come)|has not (?:arrived|come)|never (?:arrived|came)|not arrived yet|arrived cold|(?:was|is|came|were) (?:cold|wrong|late|missing)|wrong order|unacceptable|ridiculous|disgusting|rude|complain|complaint|cade (?:o )?(?:meu|o meu) pedido|ainda nao (?:chegou|veio)|nao chegou|esperando ha|estou a espera|ha mais de uma hora|veio (?:frio|fria|errado|errada)|chegou (?:frio|fria|errado|errada|atrasado)|inaceitavel|uma vergonha|reclamacao|reclamar|donde esta mi pedido|todavia no (?:ha )?llega|aun no (?:ha )?llega|no ha llegado|mas de una hora|llego (?:frio|fria|mal)|vino (?:frio|fria|mal)|inaceptable|una verguenza|queja|quejarme|(?:arrived|came) without|charged (?:me )?twice|double charged|(?:llego|vino) sin|cobrado dos veces|(?:chegou|veio) sem|cobraram duas vezes|faltaban?|faltava[mn]?|(?:was|were|is|are) missing|missing from|cobraram (?:\d+|dois|duas|tres)|nos cobraron (?:\d+|dos|tres)|me cobraron (?:\d+|dos|tres)|charged (?:us|me) for (?:\d+|two|three)|overcharged|not happy|unhappy|not satisfied|dissatisfied|disappointed|nao estou content[ea]|nao fiquei content[ea]|nao gostei nada|no estoy content[oa]|no me gusto nada|decepcionad[oa]|gone orange|ficou laranja|quedo naranja|ha quedado naranja)\b/;

/** "WHERE IS MY ORDER. I ordered over an hour ago": a complaint said in words or in capitals. */
export function soundsAggrieved(text: string): boolean {
  if (grievance.test(words(text).join(" "))) return true;
  // Shouting: most letters of a longer message in capitals.
  const letters = text.replace(/[^\p{L}]/gu, "");
  const upper = text.replace(/[^\p{Lu}]/gu, "");
  return letters.length >= 12 && upper.length / letters.length > 0.6;
}
