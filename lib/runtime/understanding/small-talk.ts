import { agreesPolitely } from "./acts";
import { isGivenName } from "./first-names";
import { normalize } from "./text-match";

// Greetings, thanks, goodbyes, "ok" and laughter in English, Portuguese and Spanish, typos and emoji
// included: a message made only of these gets a short friendly reply, never a "Sorry, I don't have an
// answer", never a miss and never a handoff. A message with anything else in it ("hi, a table for 2
// please") is not small talk: its request is what needs answering.
//
// Words are compared with accents stripped and repeated letters squeezed ("obrigadoo", "thankss",
// "hiii", "byee" are "obrigado", "thanks", "hi", "bye"), on both sides, so the lists stay short.

export type SmallTalkKind = "greeting" | "thanks" | "goodbye" | "ack" | "laughter" | "bot" | "praise" | "languages";
type PhraseKind = Exclude<SmallTalkKind, "bot" | "praise" | "languages">;

// Phrases first (longest wins as they are removed in order), then single words.
const phrases: Record<PhraseKind, string[]> = {
  goodbye: [
    "have a nice day",
    "have a good evening",
    "have a nice evening",
    "see u",
    "nite",
    "nighty night",
    "beijinhos",
    "beijos",
    "abraco",
    "abracos",
    "um abraco",
    "un saludo",
    "un abrazo",
    "com os melhores cumprimentos",
    "melhores cumprimentos",
    "cumprimentos",
    "atenciosamente",
    "kind regards",
    "best regards",
    "un cordial saludo",
    "saludos cordiales",
    "have a good day",
    "have a great day",
    "have a good one",
    "see you soon",
    "see you later",
    "see you",
    "see ya",
    "talk later",
    "good night",
    "bye bye",
    "ate logo",
    "ate ja",
    // "Muito obrigada! Até sábado 😊", "¡hasta el viernes!", "see you saturday", "catch ya".
    ...["segunda", "terca", "quarta", "quinta", "sexta", "sabado", "domingo", "amanha", "breve"].map((d) => `ate ${d}`),
    ...["lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo"].map((d) => `hasta el ${d}`),
    "hasta manana",
    "catch ya",
    "catch you later",
    "laters",
    "ate amanha",
    "ate breve",
    "ate a proxima",
    "bom resto de dia",
    "boa continuacao",
    "hasta luego",
    "hasta pronto",
    "hasta manana",
    "hasta la proxima",
    "nos vemos",
    "que vaya bien",
    "bye",
    "goodbye",
    "cya",
    "adeus",
    "tchau",
    "xau",
    "adios",
    "chao",
    "ciao",
  ],
  thanks: [
    // "Thank you sir, that is all.", "ty!! u guys are the best": closing thanks.
    "that is all",
    "that s all",
    "thats all",
    "that will be all",
    "nothing else",
    "e so isso",
    "era so isso",
    "nada mais",
    "eso es todo",
    "nada mas",
    "are the best",
    "re the best",
    "you rock",
    "sois los mejores",
    "sao os melhores",
    "thank you very much",
    "thanks a million",
    "much appreciated",
    "appreciate it",
    "cheers mate",
    "obrigadinho",
    "obrigadinha",
    "gr8 thx",
    "thank you so much",
    "thanks a lot",
    "thanks so much",
    "many thanks",
    "thank you",
    "thank u",
    "muito obrigado",
    "muito obrigada",
    "obrigado pela ajuda",
    "obrigada pela ajuda",
    "muchas gracias",
    "muchisimas gracias",
    "mil gracias",
    "gracias por todo",
    "thanks",
    "thx",
    "thnx",
    "thnks",
    "thanx",
    "tnx",
    "ty",
    "tysm",
    "tks",
    "cheers",
    "obrigado",
    "obrigada",
    "obrigadao",
    "brigado",
    "brigada",
    "obg",
    "obgd",
    "agradeco",
    "gracias",
    "grax",
    "grcs",
    "valeu",
    "vlw",
    "agradecido",
    "agradecida",
  ],
  greeting: [
    "good morning",
    "good afternoon",
    "good evening",
    "how are you",
    "how r u",
    "hi there",
    "hello there",
    "bom dia",
    "boa tarde",
    "boa noite",
    "tudo bem",
    "tudo bom",
    "como esta",
    "buenos dias",
    "buenas tardes",
    "buenas noches",
    "como estas",
    "que tal por ahi",
    "que tal",
    "q tal",
    "buen dia",
    "e ai",
    "hi",
    "hello",
    "hey",
    "hiya",
    "heya",
    "morning",
    "evening",
    "ola",
    "oi",
    "boas",
    "hola",
    "buenas",
    "saludos",
  ],
  ack: [
    "sounds good",
    "sounds great",
    "okie dokie",
    "okey dokey",
    "all good",
    "got it",
    "no problem",
    "esta bem",
    "ta bem",
    "ta bom",
    "de acordo",
    "de acuerdo",
    "venga",
    "dale",
    "bora",
    "beleza",
    "ok",
    "okay",
    "okey",
    "oki",
    "k",
    "kk",
    "alright",
    "perfect",
    "great",
    "cool",
    "nice",
    "awesome",
    "fine",
    "noted",
    "perfeito",
    "otimo",
    "certo",
    "combinado",
    "fixe",
    "boa",
    "vale",
    "perfecto",
    "genial",
    "guay",
    "bien",
    "claro",
  ],
  laughter: ["lol", "lmao", "rofl", "xd", "rsrs"],
};

// "Thanks, and sorry for the confusion": an apology said beside small talk takes nothing from it, and
// alone is none (a reply to "sorry" is no "you're welcome").
const apologies = [
  "sorry for the confusion",
  "sorry about the confusion",
  "sorry for the mix up",
  "sorry for the mixup",
  "sorry for the trouble",
  "sorry for the bother",
  "sorry for the hassle",
  "sorry for the delay",
  "sorry to bother you",
  "sorry to bother",
  "sorry about that",
  "sorry for that",
  "desculpe a confusao",
  "desculpa a confusao",
  "desculpe o incomodo",
  "desculpa o incomodo",
  "desculpe a demora",
  "desculpa a demora",
  "perdon por la confusion",
  "perdona la confusion",
  "disculpa la confusion",
  "disculpe la confusion",
  "perdon por las molestias",
  "disculpa las molestias",
  "disculpe las molestias",
  "perdona las molestias",
  "perdon por la demora",
].map((p) => squeeze(p));

// A name of one to three capitalized words signed at the end, after a closing or thanks.
const closing =
  /\b(?:cumprimentos|regards|wishes|saludos|saludo|abrazo|abraço|abraco|beijinhos|beijos|atentamente|atenciosamente|cheers|thanks|thank you|obrigad[oa]|gracias|valeu)[\s,.!-]+/giu;
const signedName = /^\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){0,2}[\s.!]*$/u;

/** The text without a name signed after its closing words ("..., Amélia Sousa"), a given name first. */
function withoutSignature(text: string): string {
  for (const m of text.matchAll(closing)) {
    const after = text.slice(m.index + m[0].length);
    if (signedName.test(after) && isGivenName(normalize(after).split(" ")[0] ?? "")) return text.slice(0, m.index + m[0].length);
  }
  return text;
}

// Words that may stand around the phrases ("thanks guys", "obrigado mesmo", "gracias a todos").
const filler = new Set(
  `guys all so much very a lot again you u for the your help there everyone then and muito mesmo pela por ajuda pessoal
   malta tudo muchas muchisimas todos todo la ayuda a de e y muy senhor senhora amigo amiga chicos
   amazing lovely delicious wonderful excellent fantastic beautiful food meal dinner lunch last night yesterday it was
   everything service o jantar almoco ontem comida estava delicioso deliciosa maravilhoso maravilhosa excelente cena ayer
   estaba buenisimo buenisima riquisimo riquisima guapa guapo mate chefe jefe gente galera pa to el equipo equipa team
   atencao atencion attention sua su vossa vuestra
   staff venga vale pois sir madam caballero legend legends sick mint ace brill top then tomorrow tonight show beleza blz massa lads
   monday tuesday wednesday thursday friday saturday sunday`
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => squeeze(w)),
);

// "haha", "ahahah", "jajaja", "hehe", "kkkk" (Brazilian), "rsrs".
const laughterWord = /^(?:a?(?:h[aeiou]){2,}h?|(?:j[aeiou]){2,}j?|k{3,}|(?:rs){2,})$/;

const emojiKinds: Array<[RegExp, SmallTalkKind]> = [
  [/[😂🤣😆😅😄😁😹]/u, "laughter"],
  [/[🙏❤💕💖😍🥰😘]/u, "thanks"],
  [/👋/u, "greeting"],
];
const emoji = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{FE0F}|\u{200D}/gu;
// Text faces count as emoji: ":)" and ";-)" are a smile, ":D" and "xD" laughter.
const smileys: Array<[RegExp, SmallTalkKind]> = [
  [/(?:^|\s)(?:[:;]-?d|x-?d)(?=\s|$)/giu, "laughter"],
  [/(?:^|\s)[:;=]-?[)\]p](?=\s|$)|(?:^|\s)<3(?=\s|$)/giu, "ack"],
];

// Every doubled letter but k: "kkkk" is laughter, where "k" is "ok" ("okkk" is still "ok").
function squeeze(text: string): string {
  return text.replace(/\bok+\b/g, "ok").replace(/(\p{L})\1+/gu, (run, letter: string) => (letter === "k" ? run : letter));
}

const order: PhraseKind[] = ["goodbye", "thanks", "greeting", "ack", "laughter"];
const squeezed = Object.fromEntries(order.map((kind) => [kind, phrases[kind].map(squeeze)])) as Record<PhraseKind, string[]>;

// "r u a bot??", "are you like a real person or a robot", "é um robô?", "¿eres una persona de verdad?",
// "am I talking to a human?": a question about the assistant itself, which it answers (it is an
// automatic assistant, and a person is there if wanted). Not a request for a person.
const youAre = [
  "are you",
  "are u",
  "r you",
  "r u",
  "are ye",
  "r ye",
  "usted es",
  "ud es",
  "ru",
  "is this",
  "is it",
  "am i talking",
  "am i speaking",
  "am i chatting",
  "im talking",
  "i am talking",
  "voce e",
  "vc e",
  "voces sao",
  "vcs sao",
  "tu es",
  "es",
  "e",
  "eres",
  "sos",
  "sois",
  "es esto",
  "isto e",
  "estou a falar",
  "estou falando",
  "to falando",
  "falo com",
  "estoy hablando",
  "hablo con",
].map((p) => squeeze(p).split(" "));
const botWords = new Set(
  "bot bots robot robo robots chatbot ai ia machine maquina computer automatic automated automatico automatica human humano humana real person pessoa persona".split(
    " ",
  ),
);
// "es" and "e" are also "is" and "and": they only open the question right before "um/uma/un/una" and a bot word.
const shortOpeners = new Set(["es", "e"]);

// "who made u", "quem te criou", "¿quién te programó?": about the assistant's making.
const maker =
  /\b(?:who (?:made|built|created|programmed|designed|coded) (?:u|you|ye)|quem (?:te|o) (?:fez|criou|programou)|quien te (?:hizo|creo|programo|diseno))\b/;

/** Whether the message asks if the assistant is a bot or a person. */
export function asksIfBot(text: string): boolean {
  const ws = squeeze(normalize(text)).split(" ").filter(Boolean);
  if (maker.test(ws.slice(0, 20).join(" "))) return true;
  // The question opens the message (its first dozen words): "haha r u a robot or a real human 🤖 either
  // way, can my mate's dog come inside?" asks it, and then something else.
  for (let i = 0; i < Math.min(ws.length, 12); i++) {
    for (const opener of youAre) {
      if (!opener.every((w, k) => ws[i + k] === w)) continue;
      const after = ws.slice(i + opener.length, i + opener.length + 7);
      if (shortOpeners.has(opener.join(" "))) {
        if (["um", "uma", "un", "una"].includes(after[0] ?? "") && botWords.has(after[1] ?? "")) return true;
        continue;
      }
      if (after.some((w) => botWords.has(w))) return true;
    }
  }
  return false;
}

// "just wanted to say the diavola yesterday was brutal", "ayer estuvimos y muy bien": praise for a past
// visit or an order, with no question and nothing wrong in it. Thanked for, never a miss.
const praiseWords = new Set(
  (
    "amazing awesome delicious lovely excellent fantastic brilliant superb incredible tasty yummy unreal class gorgeous " +
    "brutal espetacular excelente maravilhoso maravilhosa delicioso deliciosa incrivel adorei adoramos adorou adoraram gostamos gostou gostaram top loved enjoyed " +
    "genial buenisimo buenisima riquisimo riquisima increible espectacular estupendo estupenda encanto encantado encantada gusto " +
    "bien bem bom buena bueno good"
  ).split(" "),
);
// Plain "good", "bom", "bien" praise only after "very", "muito", "muy", "so", "really", "tao", "tan".
const plainPraise = new Set(["bien", "bem", "bom", "buena", "bueno", "good"]);
const intensifiers = new Set(["very", "muito", "muy", "so", "really", "tao", "tan", "super", "mega", "mui"]);
const praiseContext = new Set(
  (
    "yesterday last night earlier tonight ontem anteontem ayer anoche estuvimos estivemos fomos jantamos cenamos comimos comemos almocamos " +
    "came visited wanted queria dizer saludar saluda decir estuvimo aye jantar dinner lunch almoco almuerzo cena visita visit"
  ).split(" "),
);
const praiseSpoilers = new Set(
  (
    "not no nao never nunca but mas pero although embora aunque however except cold fria frio late atraso retraso wrong errado errada " +
    "waited esperamos esperar hour hora horas complaint reclamacao queja bad mau mal malo mala terrible pessimo horrible worst pior peor"
  ).split(" "),
);

// "boas tds bem?", "how are you?": a greeting asked as a question asks nothing to answer.
const greetingQuestion =
  /\b(?:tudo bem|tudo bom|tds bem|td bem|td bom|como estas|como vai|como va|how are you|how r u|how are u|hows it going|how s it going|que tal|beleza|all good)\s*\?+/gi;
// "bom trabalho pa malta", "well done to the team", "estaba de muerte": praise in so many words.
const praisePhrase =
  /\b(?:bom trabalho|excelente trabalho|otimo trabalho|buen trabajo|gran trabajo|good job|great job|well done|keep it up|continuem assim|seguid asi|de muerte|de lujo|una pasada|de comer e chorar por mais)\b/;

function praises(text: string): boolean {
  const plain = normalize(text.replace(greetingQuestion, " "));
  if (plain.includes("?") || text.replace(greetingQuestion, " ").includes("?")) return false;
  const ws = squeeze(plain).split(" ").filter(Boolean);
  if (!ws.length || ws.length > 30 || ws.some((w) => praiseSpoilers.has(w) || /\d/.test(w))) return false;
  if (praisePhrase.test(ws.join(" "))) return true;
  const praised = ws.some((w, i) => praiseWords.has(w) && (!plainPraise.has(w) || intensifiers.has(ws[i - 1] ?? "")));
  return praised && ws.some((w) => praiseContext.has(w));
}

// What thanks for something says beside them; a request or a question in it is no thanks alone.
const thanksRemarks =
  /\b(?:for|por|pela|pelo|pelos|pelas|de sempre|yesterday|today|ontem|hoje|ayer|hoy|was|were|foi|fue|great|lovely|amazing|kind|simpatia|atencion|atencao|ayuda|ajuda|help)\b/;
const wantsMore =
  /\b(?:book|booking|order|cancel|change|move|want|need|can|could|would|quero|queria|preciso|posso|pode|podem|marcar|mudar|desmarcar|encomendar|quiero|queria|necesito|puedo|puede|podeis|reservar|cambiar|cancelar|pedir|also|tambem|tambien|and)\b/;

function thanksFor(plain: string, left: string[]): boolean {
  if (plain.includes("?") || /\d/.test(plain) || left.length > 10) return false;
  const said = normalize(plain);
  if (left.some((w) => praiseSpoilers.has(w)) || wantsMore.test(said)) return false;
  return left.length === 0 || thanksRemarks.test(said);
}

// "Do you speak English?", "¿habláis español?", "falam português?": the languages the assistant answers in.
const languagesAsked =
  /^(?:hi |hello |hola |ola |oi |bom dia |buenos dias |buenas )?(?:do you |can you |you |vcs |voces |vc |usted |ustedes )?(?:speak|falam|fala|falas|hablais|hablan|habla|hablas)\s+(?:english|ingles|portugues|portuguese|spanish|espanol|espanhol|castellano)(?: please| por favor| pf)?$/;

/** Whether the message only asks which languages the assistant speaks. */
export function asksLanguages(text: string): boolean {
  return languagesAsked.test(
    normalize(text)
      .replace(/[?!.¿¡,]+/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

/**
 * What kind of small talk a message is, or null when it says anything else. Several kinds in one
 * message answer as the one that matters most: "ok thanks bye" is a goodbye, "hi, thanks" thanks.
 * `businessName` may stand in a greeting ("hi Tasca da Ana").
 */
export function smallTalk(text: string, businessName?: string): { kind: SmallTalkKind } | null {
  if (asksIfBot(text)) return { kind: "bot" };
  if (asksLanguages(text)) return { kind: "languages" };
  const emojiFound = [...text.matchAll(emoji)].map((m) => m[0]);
  // "Com os melhores cumprimentos, Amélia Sousa": the name signed after a closing is no request.
  let plain = withoutSignature(text.replace(emoji, " "));
  const faces = smileys.filter(([face]) => new RegExp(face.source, face.flags).test(plain)).map(([, kind]) => kind);
  for (const [face] of smileys) plain = plain.replace(face, " ");
  let rest = ` ${squeeze(normalize(plain))} `;
  if (businessName) {
    const name = squeeze(normalize(businessName));
    if (name) rest = rest.split(` ${name} `).join(" ");
  }
  const found = new Set<SmallTalkKind>();
  for (const kind of order) {
    for (const phrase of squeezed[kind]) {
      while (rest.includes(` ${phrase} `)) {
        found.add(kind);
        rest = rest.replace(` ${phrase} `, " ");
      }
    }
  }
  if (found.size) for (const apology of apologies) rest = rest.split(` ${apology} `).join(" ");
  const left = rest.split(" ").filter((w) => w && !filler.has(w));
  // "Yes, that's all correct. Many thanks." with nothing left to do: thanks.
  if (found.has("thanks") && left.some((w) => !laughterWord.test(w)) && agreesPolitely(plain)) return { kind: "thanks" };
  // "thanks so much for yesterday, Dr Ruiz was great!", "obrigada pela simpatia de sempre": thanks for
  // something, asking nothing and wanting nothing more.
  const thanked = found.has("thanks") && !found.has("goodbye") && thanksFor(plain, left);
  for (const w of left) {
    if (!laughterWord.test(w)) return praises(plain) ? { kind: "praise" } : thanked ? { kind: "thanks" } : null;
    found.add("laughter");
  }
  if (!found.size) {
    if (faces.length) return { kind: faces[0] };
    if (!emojiFound.length) return null;
    const kind = emojiKinds.find(([re]) => emojiFound.some((e) => re.test(e)))?.[1] ?? "ack";
    return { kind };
  }
  return { kind: order.find((kind) => found.has(kind)) as SmallTalkKind };
}

/**
 * Thanks (or thanks and goodbye) and nothing else: "Thank you so much, sir.", "Muito obrigada. Com os
 * melhores cumprimentos." Said to "Shall I confirm it?", it is a yes.
 */
export function onlyThanks(text: string): boolean {
  const kind = smallTalk(text)?.kind;
  return (
    (kind === "thanks" || kind === "goodbye") &&
    /\b(?:thank|thanks|thx|ty|tysm|cheers|obrigad[oa]|brigad[oa]|valeu|gracias|merci|danke)\b/.test(normalize(text))
  );
}
