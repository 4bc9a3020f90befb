import { normalize } from "./text-match";

// Greetings, thanks, goodbyes, "ok" and laughter in English, Portuguese and Spanish, typos and emoji
// included: a message made only of these gets a short friendly reply, never a "Sorry, I don't have an
// answer", never a miss and never a handoff. A message with anything else in it ("hi, a table for 2
// please") is not small talk: its request is what needs answering.
//
// Words are compared with accents stripped and repeated letters squeezed ("obrigadoo", "thankss",
// "hiii", "byee" are "obrigado", "thanks", "hi", "bye"), on both sides, so the lists stay short.

export type SmallTalkKind = "greeting" | "thanks" | "goodbye" | "ack" | "laughter";

// Phrases first (longest wins as they are removed in order), then single words.
const phrases: Record<SmallTalkKind, string[]> = {
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

// Words that may stand around the phrases ("thanks guys", "obrigado mesmo", "gracias a todos").
const filler = new Set(
  `guys all so much very a lot again you u for the your help there everyone then and muito mesmo pela por ajuda pessoal
   malta tudo muchas muchisimas todos todo la ayuda a de e y muy senhor senhora amigo amiga chicos
   amazing lovely delicious wonderful excellent fantastic beautiful food meal dinner lunch last night yesterday it was
   everything service o jantar almoco ontem comida estava delicioso deliciosa maravilhoso maravilhosa excelente cena ayer
   estaba buenisimo buenisima riquisimo riquisima guapa guapo mate chefe jefe gente galera`
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

const order: SmallTalkKind[] = ["goodbye", "thanks", "greeting", "ack", "laughter"];
const squeezed = Object.fromEntries(order.map((kind) => [kind, phrases[kind].map(squeeze)])) as Record<SmallTalkKind, string[]>;

/**
 * What kind of small talk a message is, or null when it says anything else. Several kinds in one
 * message answer as the one that matters most: "ok thanks bye" is a goodbye, "hi, thanks" thanks.
 * `businessName` may stand in a greeting ("hi Tasca da Ana").
 */
export function smallTalk(text: string, businessName?: string): { kind: SmallTalkKind } | null {
  const emojiFound = [...text.matchAll(emoji)].map((m) => m[0]);
  let plain = text.replace(emoji, " ");
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
  const left = rest.split(" ").filter((w) => w && !filler.has(w));
  for (const w of left) {
    if (!laughterWord.test(w)) return null;
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
