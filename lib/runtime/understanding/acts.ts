import { normalize, words } from "./text-match";

// What a message does besides answering, read from its words in English, Portuguese and Spanish:
// stop the running skill, say yes or no, correct an earlier answer, ask a question, or manage a
// booking made before. Pure functions: the dialogue manager decides what to do with them.

const phrases = (list: string) => list.split("|").map((p) => normalize(p));
const has = (text: string, list: string[]) => {
  const t = ` ${normalize(text)} `;
  return list.some((p) => t.includes(` ${p} `));
};

const cancelPhrases = phrases(
  "cancel|cancel it|cancel that|cancel the order|cancel the booking|stop|never mind|nevermind|nvm|forget it|forget about it|forget that|quit|abort|changed my mind|dont want it|don't want it|not anymore|no longer|scrap that|" +
    "cancelar|cancela|cancele|esquece|esqueca|deixa estar|deixa|desisto|nao quero|ja nao quero|mudei de ideias|mudei de ideia|pare|para com isso|" +
    "cancelalo|olvidalo|olvida|dejalo|dejalo asi|ya no|no quiero|ya no quiero|cambie de idea|he cambiado de idea|anula|anular",
);
// A word that cancels only when it is (nearly) the whole message: "deixa" and "para" are ordinary words elsewhere.
const cancelAlone = new Set(["stop", "deixa", "para", "pare", "anula", "olvida", "ya no"]);

// A clause that is a command to cancel: "Cancel that", "forget it", "olvídalo", "esquece isso".
const cancelCommand =
  /^(?:(?:please|ok|so|then|pls|por favor|entao|pues|vale) )?(?:cancel|cancel it|cancel that|forget it|forget that|never mind|nevermind|scrap that|cancela|cancele|cancelar|cancelalo|cancelala|anula|anulalo|anulala|esquece|esquece isso|olvidalo|olvidala|dejalo)\b/;
const clauses = (text: string) => text.split(/[.!?;,\n]+/).filter((c) => c.trim());

export function isCancel(text: string): boolean {
  const w = words(text);
  if (!w.length) return false;
  // "Actually I can't do Friday. Cancel that, I'll message another time": a long message cancels by a
  // short sentence of its own that does.
  if (w.length > 12) return clauses(text).some((c) => words(c).length <= 4 && cancelCommand.test(normalize(c)));
  const n = normalize(text);
  for (const p of cancelPhrases) {
    if (!` ${n} `.includes(` ${p} `)) continue;
    if (cancelAlone.has(p) && w.length > 3) continue;
    // "can I cancel my booking?" is about a booking made before, not the running skill.
    return true;
  }
  return false;
}

const yesWords = new Set(
  "yes y ye yea yeah yeh yess yep yup ya aye sure sip sii simm pois bora dale va venga exacto andale ok okay k kk confirm confirma confirmad confirmen confirmao confirmada ea sip sii simm pois bora dale va venga exacto andale confirmed correct right perfect great absolutely definitely please go ahead sim claro certo isso exato exatamente confirmo pode ser perfeito si vale dale correcto confirmado perfecto bueno grand lovely brilliant fab sweet awesome cool perfecte genial otimo fixe fechou fechado combinado beleza blz firmeza listo sound 👍 ✅".split(
    " ",
  ),
);
const noWords = new Set("no n nope nah not nao non nada negativo".split(" "));

// "siii", "yesss", "okkk": a letter held down is the same word.
const squeezed = (w: string) => (yesWords.has(w) || noWords.has(w) ? w : w.replace(/(\p{L})\1{2,}/gu, "$1$1").replace(/(\p{L})\1$/u, "$1"));
// Agreement said in two words: "de una" (Colombia), "dale que sí", "of course", "go ahead", "pode ser".
const yesPhrases =
  /(?:^|\s)(?:de una|de one|claro que si|dale que si|of course|go ahead|pode ser|por supuesto|con gusto|com certeza|sounds good|sounds grand|sounds great|all good|that works|send it|do it|lock it in|go for it|book it|place it)\b/;
// A thumbs up, a tick or folded hands alone: agreement.
const yesEmoji = /^(?:[\s!.]|\u{FE0F}|\u{1F44D}|\u{1F44C}|\u{2705}|\u{2714}|\u{1F64F}|\p{Emoji_Modifier})+$/u;

/** "yes", "sim, pode ser", "sí, perfecto", "siii porfa", "De una, gracias", "👍": agreement and nothing else of weight. */
export function saysYes(text: string): boolean {
  return plainYes(text) || agreesPolitely(text);
}

// "ea, y una coca cola tamién", "yes and 2 cokes": something added beside the yes is a change to read first.
const addsItems =
  /\b(?:y|and|e|plus|mas|mais|con|with|com|tambien|tambem|also)\s+(?:un|una|uno|um|uma|a|an|\d{1,2}|dos|tres|two|three|dois|duas|quatro|cuatro|four)\s+\p{L}{3,}|\b\d{1,2}\s+\p{L}{3,}/u;

/** Whether the message adds something beside what it says: "y una coca cola", "and 2 cokes". */
export function addsSomething(text: string): boolean {
  return addsItems.test(normalize(text));
}

// "how much is it all, please?", "¿Y cuánto sería todo, por favor?": a question asked with a polite word is
// a question, not agreement.
const questionWords = new Set(
  "how what whats when where which why who much many cuanto cuanta cuantos cuantas quanto quanta quantos quantas que qual quais cual cuales como donde onde quando cuando quien quem".split(
    " ",
  ),
);

function plainYes(text: string): boolean {
  if (yesEmoji.test(text) && /[\u{1F44D}\u{1F44C}\u{2705}\u{2714}\u{1F64F}]/u.test(text)) return true;
  const w = words(text).map(squeezed);
  if (!w.length || w.length > 6 || w.some((x) => noWords.has(x))) return false;
  if (text.includes("?") && w.some((x) => questionWords.has(x))) return false;
  if (addsSomething(text)) return false;
  return w.some((x) => yesWords.has(x)) || yesPhrases.test(w.join(" "));
}

// Agreement said as a sentence: "that would be grand", "otherwise that's all correct", "por lo demás está
// bien así", "de resto está tudo certo", "everything else is fine".
const agreeingClause = new RegExp(
  "^(?:(?:oh|ah|and|e|y) )?(?:(?:otherwise|apart from that|other than that|besides that|por lo demas|lo demas|todo lo demas|de resto|o resto|quanto ao resto|tirando isso|fora isso|el resto) )?" +
    "(?:(?:that|this|it|all|everything|everything else|the rest|rest|all else) (?:would be|d be|is|s|sounds|looks|seems) (?:all )?(?:grand|great|lovely|perfect|fine|good|correct|right|brilliant|fab|ideal|spot on)" +
    "|all (?:correct|good|fine|right|perfect)" +
    "|(?:(?:esta|ta|todo esta) )?(?:todo |tudo )?(?:bien|correcto|perfecto|certo|bem|correto|perfeito|ok)(?: (?:asi|assim))?)$",
);
// What is said around agreement without weight: thanks, a greeting, a blessing, a sign-off.
const pleasantry =
  /^(?:(?:many |thanks |thank you |muchas |muito |mil )?(?:thanks|thank you|thank u|thx|ty|cheers|ta|gracias|obrigad[oa]|valeu|merci)(?: (?:so much|very much|a lot|a million|de antemano|pela ajuda|mil))?|god bless|bless you|un saludo|saludos|un abrazo|cumprimentos|com os melhores cumprimentos|atentamente|bjs|beijinhos|kind regards|regards|best|cheers love|hello|hi|oh|ah|one more thing|lovely|grand|great|nada (?:mas|mais)|mais nada|nothing else|(?:that s|thats|eso es|e|isso e) (?:all|todo|tudo)|so isso)$/;

// Agreement with the rest of what was asked, said beside a note: "de resto está tudo certo", "otherwise
// that's all correct", "that's all lovely", "por lo demás está bien así".
const restAgreement =
  /^(?:(?:oh |ah |and |e |y |but |mas |pero )?(?:otherwise|apart from that|other than that|besides that|por lo demas|lo demas|todo lo demas|de resto|o resto|quanto ao resto|tirando isso|fora isso|el resto) .+|(?:grand |great |lovely |perfect )?(?:that|it) s all (?:correct|right|fine|good|lovely|grand|perfect|great)|(?:everything|all) else (?:is |s )?(?:correct|right|fine|good|ok|perfect))$/;

/**
 * The clause of a message that agrees with everything else ("De resto está tudo certo"), when the
 * message refuses nothing and asks nothing: said at a confirmation beside a note, it confirms.
 */
export function agreementBeside(text: string): string | null {
  // "not sure if that matters", "no problem": no refusal in them.
  const said = text.replace(noteRequest, " ").replace(hedges, " ");
  if (said.includes("?")) return null;
  const clauses = said
    .split(/[.,;!\n]+| - /)
    .map((c) => normalize(c).trim())
    .filter(Boolean);
  if (clauses.some((c) => words(withoutNoMatter(c)).some((w) => refusing.has(w) || noWords.has(w)))) return null;
  return (
    clauses.find((c) => restAgreement.test(c) && agreeingClause.test(c.replace(/^(?:oh |ah |and |e |y |but |mas |pero )/, ""))) ??
    // "That's grand. Oh and it's Dermot's birthday ... Yes, book it please, God bless": a plain yes of its own.
    clauses.find((c) => plainYes(c) && !weakAgreement.has(c)) ??
    null
  );
}

const hedges =
  /\b(?:not sure (?:if|whether) (?:that|it) matters|not sure (?:if|whether) (?:that|it)s? (?:important|relevant)|no idea if (?:that|it) matters|no se si importa|nao sei se importa|nao sei se interessa|no se si es importante)\b/gi;

const noteRequest =
  /\b(?:could|can|would) you (?:please |pls )?(?:note|add|write down|put down|mention|pass on) (?:that|it|this)(?: down| on)?(?: for me)?(?: please| pls)?\s*\?|\b(?:podeis|pueden|puede|podes|podem|pode) (?:apuntarlo|anotarlo|anotar isso|anotar|apuntar eso|anotalo|apontar isso)(?: por favor| porfa| pf)?\s*\?/gi;

/**
 * Agreement in a longer message whose every clause agrees or is a pleasantry: "That would be grand, yes
 * please, thank you", "Por lo demás está bien así. Un saludo", "Otherwise that's all correct, many
 * thanks". No question and no refusal in it.
 */
export function agreesPolitely(text: string): boolean {
  // "could you note that please?" asks for what the note already does: no question of its own.
  const said = text.replace(noteRequest, " ");
  if (said.includes("?")) return false;
  const clauses = said
    .split(/[.,;!\n]+| - /)
    .map((c) => normalize(c).trim())
    .filter(Boolean);
  if (clauses.length < 2 && !agreeingClause.test(clauses[0] ?? "")) return false;
  let agreed = false;
  for (const clause of clauses) {
    if (agreeingClause.test(clause) || plainYes(clause)) agreed = true;
    else if (!pleasantry.test(clause)) return false;
  }
  return agreed;
}

// Agreement that opens a longer message: "Sim, no próximo sábado, dia 5. Muito obrigada.", "yes
// perfect, see you saturday then". Its "no" is Portuguese "in the" or a "no problem", never a refusal.
const openingYes = new Set(
  "yes yeah yep yup sure sim claro si sí dale fechou fechado combinado perfect perfeito perfecto confirmo confirm".split(" "),
);
const refusing = new Set("nope nah nao non negativo cancel cancelar".split(" "));

/** A message that opens with a plain yes and refuses nothing after it (any length). */
export function opensWithYes(text: string): boolean {
  const w = words(withoutNoMatter(text));
  if (!w.length || !openingYes.has(w[0])) return false;
  if (w.some((x) => refusing.has(x))) return false;
  // "yes, no, actually friday": a bare "no" as a clause of its own takes the yes back.
  return !/(?:^|[,.;!?])\s*no\s*(?:[,.;!?]|$)/i.test(text.normalize("NFD").replace(/\p{M}+/gu, ""));
}

const confirmWords = new Set(
  "confirm confirmed confirma confirmo confirmao confirmada confirmado confirmar confirme confirmame confirmamela confirmala confirmalo confirmeme confirmem".split(
    " ",
  ),
);
// "ok", "fine", "right" open a new detail as often as they agree ("ok 7pm then"): never agreement alone here.
const weakAgreement = new Set("ok okay k kk fine bueno pois va venga right please bien vale pues".split(" "));
const agreeingWords = new Set(["show", "legend", "aye", "fechou", "ta", "chevere", "dacord", ...[...yesWords].filter((w) => !weakAgreement.has(w))]);

const thanksWords = new Set("thanks thank thx ty tysm cheers ta obrigado obrigada brigado brigada valeu gracias merci danke grazie".split(" "));

/**
 * Agreement said while giving the last detail: "Perfect, Ben Carter", "ya confirma, tiago", "Sim,
 * confirmo. Duarte Leal", "Yes please confirm!". The customer has agreed to what they asked for; a
 * confirmation asked after it would ask the same again. No question and no refusal in it.
 */
export function agreesWhileAnswering(text: string): boolean {
  if (text.includes("?")) return false;
  const w = words(withoutNoMatter(text)).map(squeezed);
  if (!w.length || w.some((x) => refusing.has(x) || noWords.has(x))) return false;
  // "Duarte Leal. sim, pode ser", "José Pinto. tá certo 👍": a clause of agreement after the detail.
  const clauseOpens = text
    .split(/[.,;!]+/)
    .slice(1)
    .some((c) => agreeingWords.has(squeezed(words(c)[0] ?? "")) || thanksWords.has(squeezed(words(c)[0] ?? "")));
  return (
    agreeingWords.has(w[0]) ||
    clauseOpens ||
    // "ok, name Sander de Vries. thx", "its sophie! ty!!", "Raj Mehta thanks": thanks that close the last detail.
    (w.length > 1 && thanksWords.has(w[w.length - 1])) ||
    w.some((x) => confirmWords.has(x)) ||
    /\b(?:book it|go ahead|that'?s (?:it|all|everything))\b/.test(normalize(text)) ||
    // "monday after work then. fiona mcleod 👍": a thumbs up, an OK hand or a tick signs the detail off.
    /[\u{1F44D}\u{1F44C}\u{2705}\u{2714}]/u.test(text)
  );
}

// "no worries", "no problem", "no pasa nada": agreement, not a no.
const noMatter = /^(?:no|nao) (?:worries|problem|prob|probs|stress|pasa nada|hay problema|te preocupes|faz mal|ha problema|tem problema)\b/;
// "nada más", "mais nada", "nothing else": the order is complete, nothing refused.
const noMatterAnywhere =
  /\b(?:no|nao) (?:worries|problem|prob|probs|stress|pasa nada|hay problema|te preocupes|faz mal|ha problema|tem problema)\b|\b(?:nada (?:mas|mais)|mais nada|nothing else|no more|nada else)\b/g;

/** The text without its "no worries", "não faz mal", "no pasa nada": their "no" refuses nothing. */
export function withoutNoMatter(text: string): string {
  return normalize(text).replace(noMatterAnywhere, " ");
}

export function saysNo(text: string): boolean {
  const w = words(text).map(squeezed);
  if (noMatter.test(normalize(text))) return false;
  return w.length > 0 && w.length <= 6 && noWords.has(w[0]) && !w.some((x) => yesWords.has(x) && x !== "ok");
}

const correctionPhrases = phrases(
  "actually|sorry|i mean|i meant|make it|make that|change it to|change to|change|instead|rather|wait|no wait|naw|oops|" +
    "afinal|alias|quer dizer|em vez|mudar para|muda para|mude para|troca|trocar|corrigir|desculpa|" +
    "mejor|en realidad|perdon|quiero decir|cambia|cambiar|en vez|mas bien",
);

export function isCorrection(text: string): boolean {
  return has(text, correctionPhrases);
}

const questionStarts = phrases(
  "what|whats|where|when|how|hows|is|are|do you|do u|do ya|does|is there|can u|could u|r u|are u|any|is the|are the|is your|are your|do they|have u|u have|can we|could we|may i|may we|is it possible|" +
    "da para|da pra|da pa|pode|es posible|podemos|are there|are you|can i|can you|could|will|which|who|why|is it|have you|whether|tell me|kindly tell me|let me know|i d like to know|i would like to know|i want to know|" +
    "gostaria de saber|queria saber|quer saber|queremos saber|quisiera saber|me gustaria saber|quiero saber|quiere saber|queremos saber|wants to know|wanna know|se aceitam|se tem|se posso|se podem|se ha|" +
    "onde|quando|qual|quais|como|quanto|tem|tens|ha|existe|voces|vcs|aceitam|posso|podem|e possivel|fazem|estao|" +
    "donde|cuando|cual|cuanto|cuanta|tienen|tiene|hay|aceptan|puedo|pueden|se puede|hacen|estan",
);

const starters =
  "quer saber|quiere saber|wants to know|wanna know|do|does|is|are|can|could|whats|what's|wheres|where's|hows|how's|what|where|when|how|which|any|da|dá|e possivel|é possível|posso|podemos|podem|se puede|aceitam|tem|têm|tens|ha|há|onde|aceitam|fazem|voces|vocês|vcs|quanto|qual|tienen|tiene|teneis|tenéis|hay|donde|dónde|aceptan|cuanto|cuánto|cual|cuál|podeis|podéis|puedo|hacen";

// Words before a question that do not change it: "hiii how much is...", "and is there...".
const leading =
  /^(?:(?:and|also|e|y|tambem|ah|oh|so|please|pls|kindly|ok|okay|cool|great|nice|awesome|lovely|perfect|grand|thanks|thx|ty|haha|lol|alright|vale|genial|aproveito para perguntar|queria perguntar|gostaria de perguntar|quisiera preguntar|queria preguntar|i wanted to ask|wanted to ask|i d like to ask|also wanted to ask|h+i+|hello|hey|hiya|ola|oi|hola|buenas|bom dia|boa tarde|boa noite|buenos dias|buenas tardes|good (?:morning|afternoon|evening)|gente|guys|question|quick question|a question|pregunta|pergunta|uma pergunta|una pregunta)\s+)+/;

const greeting =
  /^(?:(?:h+i+|hello|hey|hiya|ol[aá]|oi|¡?hola|buenas|bom dia|boa tarde|boa noite|buenos d[ií]as|buenas tardes|good (?:morning|afternoon|evening)|gente|guys|(?:a |quick |one )?question|(?:uma )?pergunta|(?:una )?pregunta)\s*[,:!.-]+\s*)+/i;

const opensQuestion = new RegExp(`^(?:${starters})(?![\\p{L}])`, "iu");

/** A sentence from its last comma clause that opens like a question; its last clause when none does. */
const pointsBack =
  /^(?:e possivel|es posible|is (?:it|that|this) possible|is that ok|is that okay|can we|could we|can you|can do|doable|da|da para|da pra|se puede|seria posible|seria possivel|pode ser|puede ser|podeis|podem|possible|possivel|posible)$/;

function fromLastAsking(sentence: string): string {
  // An emoji ends a clause as a comma does: "tô indo pra Madri semana que vem 😍 qual o metrô mais perto?".
  const clauses = sentence.split(/(?<=[,;]|\p{Extended_Pictographic}\s)/u);
  for (let i = clauses.length - 1; i >= 0; i--) {
    const c = clauses[i].replace(/^[\s,;]+/, "");
    const bare = normalize(c).replace(leading, "");
    // "e queriamos comer a paella, é possivel?": a bare "is it possible?" asks about the clause before it.
    const back = i > 0 && pointsBack.test(bare);
    if (back || opensQuestion.test(c.trim()) || questionStarts.some((q) => ` ${bare} `.startsWith(` ${q} `)))
      return clauses
        .slice(back ? i - 1 : i)
        .join("")
        .replace(/^[\s,;]+/, "");
  }
  return sentence.slice(Math.max(sentence.lastIndexOf(","), sentence.lastIndexOf(";")) + 1);
}

/** The sentences of a message that are questions ("do you have parking?"), in order. */
export function questionParts(text: string): string[] {
  return (
    text
      .split(
        new RegExp(
          `(?<=[?.!:\\n])\\s+|(?<!\\s)\\s*(?:[,;]|\\s[-–—]|\\b(?:and|also|btw|e|y|tambem|também|ah)\\b)\\s*(?=[¿¡]?(?:(?:y|e|and|also|tambem|também|también)\\s+)?(?:(?:se|if|whether)\\s+)?(?:${starters}|whether)(?![\\p{L}]))`,
          "iu",
        ),
      )
      // "e queriamos comer a paella, é possivel?": a bare "is it possible?" asks about what was said before it.
      .reduce<string[]>((parts, s) => {
        const bare = normalize(s).replace(leading, "");
        if (parts.length && s.includes("?") && pointsBack.test(bare)) parts[parts.length - 1] += `, ${s.trim()}`;
        else parts.push(s);
        return parts;
      }, [])
      // "mesa p 4 sabado 21h nome rodrigo, da p pagar com mb way?": the question starts at its last clause
      // that opens like one ("what time are you open on a Sunday, lunch and evening?" is asked whole).
      .map((s) => (s.includes("?") && /[,;]|\p{Extended_Pictographic}\s/u.test(s) ? fromLastAsking(s) : s).trim())
      // "Hi, question: how much is...": the greeting is no part of the question.
      .map((s) => s.replace(greeting, ""))
      // "And is there a metro close by, we don't drive anymore": the question is the first clause.
      .map((s) => (!s.includes("?") && /[,;]/.test(s) ? s.slice(0, s.search(/[,;]/)).trim() || s : s))
      .filter(
        (s) =>
          s && (s.includes("?") || /\by\/n\b/i.test(s) || questionStarts.some((q) => ` ${normalize(s).replace(leading, "")} `.startsWith(` ${q} `))),
      )
      // "E aí, beleza?", "tudo bem?", "how are you?": a greeting, not a question to answer.
      .filter((s) => !greetingAsked.test(normalize(s)))
  );
}

const greetingAsked =
  /^(?:(?:e ai|fala|oi|ola|hola|hi|hey|hello|boas|buenas|bom dia|boa tarde|boa noite|and|e|y)\s+)*(?:beleza|blz|tudo bem|tudo bom|td bem|tds bem|td bom|como estas|como esta|como vai|como va|que tal|how are you|how are u|how r u|hows it going|how s it going|how are things|all good|you good|u good|todo bien|todo bem)(?:\s+(?:contigo|consigo|with you|guys|pessoal|gente|chicos))?$/;

export type BookingAction = "cancel" | "change";

const bookingWords = phrases("booking|reservation|table|reserva|reservacion|mesa|marcacao");
const cancelVerbs = phrases("cancel|cancelar|cancela|cancele|anular|anula|desmarcar|desmarca|call off");
const changeVerbs = phrases(
  "change|move|reschedule|modify|update|push|alterar|altera|mudar|muda|passar|adiar|cambiar|cambia|cambiais|cambias|cambiame|mover|modificar|pasar",
);
const _mine = phrases("my|our|a minha|minha|nossa|a nossa|mi|nuestra|la");

const asksNewBooking =
  /\b(?:queria|quero|queriamos|gostaria de|gostariamos de|quiero|queria|quisiera|quisieramos|me gustaria|i d like to|id like to|i would like to|i want to|we d like to|we would like to|we want to|can i|could i|can we|could we)\s+(?:reservar|book|reserve|marcar)\b|\b(?:mesa|table)\s+(?:para|pra|pa|p|for)\s+(?:\d|dos|tres|dois|duas|two|three|four)/;
const ownBooking = /\b(?:my|our|minha|nossa|mi|nuestra|the|a|la|esa|essa|that)\s+(?:booking|reservation|reserva|reservacion)\b/;

/** "cancel my booking", "change my reservation to 9pm", "quero cancelar a minha reserva". */
export function bookingAction(text: string): BookingAction | null {
  if (!has(text, bookingWords)) return null;
  // "queria reservar mesa para 2 na sexta, vamos passar o fim de semana a Madrid": a new booking asked
  // for, whatever other verb it holds, unless it names a booking of the customer's own.
  const n = ` ${normalize(text)} `;
  if (asksNewBooking.test(n) && !ownBooking.test(n)) return null;
  if (has(text, cancelVerbs)) return "cancel";
  if (has(text, changeVerbs)) return "change";
  return null;
}

const appointmentWords = phrases(
  "appointment|appointments|appt|my slot|cita|citas|la cita|mi cita|marcacao|marcacoes|consulta|horario|hora marcada|visita|turno",
);
// Verbs that are about an appointment on their own: "preciso desmarcar", "quero remarcar", "can I reschedule?".
const cancelsAppointment = phrases("desmarcar|desmarca|desmarque|desmarco");
const movesAppointment = phrases("reschedule|remarcar|remarca|remarque|reprogramar|reprograma");

// Never a table booking or an order ("cancel my table booking"): those are the restaurant's (bookings.ts).
const ownThing =
  /\b(?:cancel|cancelar|cancela|cancele|anular|anula|move|change|cambiar|mudar|mover)\s+(?:my|mi|o meu|a minha|meu|minha)\s+(?!(?:table|tables|booking|reservation|order|reserva|mesa|pedido|encomenda)\b)\w/;

/** "Afinal não vou poder, cancele por favor": a cancel verb said with nothing named, of what was just booked. */
export function cancelsWithoutNaming(text: string): boolean {
  return has(text, cancelVerbs);
}

/** "can I move my appointment to Friday?", "preciso desmarcar", "quiero cambiar la cita a las 5". */
export function appointmentAction(text: string): BookingAction | null {
  if (has(text, cancelsAppointment)) return "cancel";
  if (has(text, movesAppointment)) return "change";
  // "I need to cancel my manicure on Friday", "cancelar mi corte": the customer's own, by its service.
  const theirOwn = ownThing.test(normalize(text));
  if (!has(text, appointmentWords) && !theirOwn) return null;
  if (has(text, cancelVerbs)) return "cancel";
  if (has(text, changeVerbs)) return "change";
  return null;
}

// A speaker's own grammatical gender: "Obrigada!", "encantado", "estoy agradecida". Portuguese and
// Spanish agree these with the one who speaks, so a receptionist hears a woman's or a man's voice.
const saidByWoman = phrases("obrigada|muito obrigada|agradecida|encantada|estou interessada|estoy interesada|sou nova cliente|soy nueva clienta");
const saidByMan = phrases("obrigado|muito obrigado|agradecido|encantado|estou interessado|estoy interesado|sou novo cliente|soy nuevo cliente");

/** "f" or "m" when the customer's words agree with their own gender, null when they say nothing of it. */
export function speakerGender(text: string): "f" | "m" | null {
  const f = has(text, saidByWoman);
  const m = has(text, saidByMan);
  return f === m ? null : f ? "f" : "m";
}
