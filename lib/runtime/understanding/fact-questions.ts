import type { PaymentMethod } from "../../shared/business-facts-schema";
import {
  addressCues,
  askCues,
  costCues,
  costWords,
  courtesy,
  dayWords,
  deliversAsked,
  deliveryCues,
  directionsCues,
  hoursCues,
  leading,
  methodNames,
  minimumCues,
  notCues,
  notPlaces,
  nowCues,
  numberWords,
  onDeliveryCues,
  orderVerbs,
  payCues,
  payVerbs,
  pickupCues,
  placeLead,
  priceWords,
  questionStarts,
  streetWords,
  tellMe,
  thresholdWords,
  whereWords,
} from "./fact-cues";
import { meaningfulWords } from "./stopwords";
import { normalize } from "./text-match";

// Which of the business's stated facts a question asks about (the hours, the address, delivery and
// what it costs, the minimum order, how to pay, pickup), in English, Portuguese and Spanish, read from
// its words: "what time do you open on sunday?", "quanto custa a entrega?", "¿puedo pagar con tarjeta
// cuando me traigan el pedido?". No database: lib/runtime/retrieval/facts-answer.ts writes the answer
// from the settings. `rest` is the question without the words that asked for facts, so "address? also
// gluten free pizza" still searches the knowledge for "gluten free pizza", clause by clause.

export type FactTopic = "hours" | "address" | "delivery" | "deliveryCost" | "minimum" | "payment" | "pickup";
export type AskedMethod = PaymentMethod;

export type FactQuestion = {
  /** In the order the message asks them. */
  topics: FactTopic[];
  /** Payment methods named ("do you take Amex?"); a brand named makes a bare "card" beside it redundant. */
  methods: AskedMethod[];
  /** The payment question is about paying a delivery ("card on delivery?", "cuando me traigan el pedido"). */
  onDelivery: boolean;
  /** The place a delivery question names ("do you deliver to Alfama?"), as written. */
  place: string | null;
  /** "are you open now?": the hours right now rather than a day's. */
  now: boolean;
  /** The address was asked only as the way there ("how do I get to you?"): directions may be knowledge. */
  directionsOnly: boolean;
  /** The question's clauses without the words that asked for facts, those with something left to search (normalized). */
  rests: string[];
};

type Scan = { text: string; cues: Array<[number, number]> };

/** Every cue of `cues` in ` ${text} ` (normalized, padded), longest first; each found is blanked out. */
function take(state: Scan, cues: readonly string[], isCue = true): Array<{ cue: string; at: number }> {
  const found: Array<{ cue: string; at: number }> = [];
  for (const cue of cues) {
    for (;;) {
      const at = state.text.indexOf(` ${cue} `);
      if (at < 0) break;
      found.push({ cue, at });
      if (isCue) state.cues.push([at + 1, at + 1 + cue.length]);
      state.text = `${state.text.slice(0, at)} ${" ".repeat(cue.length)} ${state.text.slice(at + cue.length + 2)}`;
    }
  }
  return found;
}

const has = (text: string, cues: readonly string[]) => cues.some((c) => ` ${text} `.includes(` ${c} `));

/** The clauses of a message (sentences and the parts joined by "and", "e", "y"), normalized. */
function clauses(text: string): string[] {
  return text
    .split(/[?!;\n]+|\p{Extended_Pictographic}+|[.,](?=\s|$)|\s(?:and|also|plus|e|y|tambem|também|además|ademas)\s/iu)
    .map(normalize)
    .filter(Boolean);
}

/** Does the message ask what delivery costs: a cost word beside a delivery word, or alone in its clause. */
function asksCost(text: string, delivery: boolean): boolean {
  if (!delivery) return false;
  if (has(normalize(text), costCues)) return true;
  return clauses(text).some((c) => {
    if (!has(c, costWords)) return false;
    if (has(c, deliveryCues)) return true;
    const state: Scan = { text: ` ${c} `, cues: [] };
    take(state, costWords);
    return meaningfulWords(state.text).every((w) => thresholdWords.has(w));
  });
}

function placeAfterDelivery(raw: string): string | null {
  const m = /(deliver\w*|entreg\w*|envi\w*|repart\w*|domicilio)/iu.exec(raw.normalize("NFD").replace(/\p{M}+/gu, ""));
  if (!m) return null;
  const after = raw.slice(m.index + m[0].length);
  const p = placeLead.exec(after.split(/[?!.,;\n]/)[0] ?? "");
  if (!p) return null;
  const place = p[1]
    .trim()
    .replace(/^(?:the|o|a|os|as|el|la|los|las)\s+/i, "")
    .trim()
    .replace(/\s(?:please|pls|por favor|porfa|pf|plz|today|tonight|hoje|hoy)$/i, "")
    .trim();
  const ws = normalize(place).split(" ");
  if (!place || ws.every((w) => notPlaces.has(w) || /^\d+$/.test(w))) return null;
  return place;
}

const dayAsked =
  /^ (?:(?:and|what about|how about|e|y|and on|and for|e a|e ao|e no|e na|y el|y los|y para el) )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|sundays|segunda|terca|quarta|quinta|sexta|sabado|domingo|domingos|segundas|lunes|martes|miercoles|jueves|viernes|sabados)(?: (?:feira))?(?: (?:also|too|then|as well|tambem|tambien|entao|entonces))? $/;

const askedTheWay = /\b(?:directions|get (?:to|there|here)|metro|subway|tube|bus|train|station)\b/;
const wayVerbs = /\b(?:reach|get|chegar|chego|llegar|llego)\b/;
const transportWords =
  /\b(?:metro|subway|tube|underground|bus|train|tram|autocarro|autobus|onibus|comboio|tren|electrico|eletrico|tranvia|car|carro|coche|taxi|uber|walk|walking|andando)\b/g;

const ownSubject =
  /^(?:(?:hi|hello|ok|okay|so|and|but|e|y|pero|mas|well|oh|ah)\s+)*(?:my|our|i|im|i m|i ll|i will|i am|we|we re|we ll|we will|we are|mi|mis|nuestro|nuestra|yo|nosotros|eu|nos|o meu|a minha|meu|minha|a nossa|o nosso)\s/;

/** A clause in which the customer tells of themselves, without asking: "my colleague will book later". */
function tellsOfThemselves(clause: string): boolean {
  const n = `${normalize(clause)} `;
  return ownSubject.test(n) && !wantsSomething.test(n) && !/\d/.test(n) && !asksSomething(clause);
}
// "I want 3 diavolas", "we'd like a table", "queria 2": a request, not a remark.
const wantsSomething =
  /\b(?:want|wanna|like|need|would|d|ll have|ll take|quero|queria|queremos|queriamos|quiero|quisiera|queremos|necesito|necesitamos|preciso|precisamos|gostaria|gostariamos|pedir|encomendar|reservar|book|order)\b/;

/** Whether the message asks something (a question or a request to be told), in any of its clauses. */
export function asksSomething(text: string): boolean {
  if (text.includes("?")) return true;
  if (has(normalize(text), tellMe)) return true;
  return clauses(text).some((c) => {
    const ws = c.split(" ");
    while (ws.length && leading.has(ws[0])) ws.shift();
    const rest = ws.join(" ");
    return questionStarts.some((q) => rest === q || rest.startsWith(`${q} `));
  });
}

/** "how much is the margherita": a price asked, which the menu answers before any text. */
// "tem horário pra unha amanhã?" (Brazil), "¿tienen hora para el viernes?": a free time asked for, not the
// opening hours.
const slotAsked =
  /\b(?:tem|tens|teria|ainda tem|tiene|tienen|tenes|teneis|hay)\s+(?:um |algum |uma |alguma )?(?:horario|horarios|hora|horas|vaga|vagas|hueco|huecos|turno|turnos)\s+(?:pra|para|pro|p|livre|livres|disponivel|disponiveis|disponible|disponibles|amanha|hoje|manana|hoy|el|este|esta|essa|esse|na|no)\b/;

// "¿tenéis algo la primera semana de diciembre?", "do you have anything for a colour...?": anything free.
const anythingAsked =
  /\b(?:(?:teneis|tienen|tiene|tienes|tenes|hay|tem|tens|teria) (?:algo|alguma coisa|algum horario)|(?:do you have|have you got|you got|got) (?:anything|something) (?:free|available|for))\b/;

/** Whether the message asks for a free time ("tem horário pra...?"), which names no opening hours. */
export function asksForSlot(text: string): boolean {
  const said = normalize(text);
  return slotAsked.test(said) || anythingAsked.test(said);
}

export function asksPrice(text: string): boolean {
  return has(normalize(text), priceWords);
}

// "E demora quanto tempo?", "how long does a colour take?", "¿cuánto tarda un corte y barba?".
const durationAsked =
  /\b(?:how long|how many (?:minutes|hours)|how much time|duration|quanto tempo|demora|demoram|leva quanto|duracao|cuanto tiempo|cuanto dura|cuanto tarda|cuanto tardais|cuanto se tarda|tarda mucho|tardais mucho|tardan mucho|duracion)\b/;

// "¿y con barba?", "and with a beard trim?", "e com barba?", "y si es con barba?": the service just asked
// about, with another thing added.
const withMore =
  /^(?:(?:and|y|e|also|tambien|tambem)\s+)?(?:(?:if (?:it s|its)|si es|se for|se fosse|se fizer)\s+)?(?:with|con|com|plus|mas|mais) (\p{L}+(?: \p{L}+){0,3})$/u;

/** What a short follow-up adds to the service asked about before ("¿y con barba?" adds "barba"), or null. */
export function addedToService(text: string): string | null {
  return withMore.exec(normalize(text).trim())?.[1]?.trim() || null;
}

// "e se a encomenda for de 50 euros?", "and what if I order more?", "¿y si vivo en Almada?": the same
// question again, of another case.
const whatIf = /^(?:(?:and|e|y)\s+)?(?:what if|if|e se|se|y si|si)\s/;

/** Whether a short message asks the question before again, of another case ("e se...?"). */
export function asksWhatIf(text: string): boolean {
  const said = normalize(text);
  return whatIf.test(said) && said.split(" ").length <= 10;
}

// "hay descuento si compro 5?", "do you do any discount for students?", "tem promoções?": a question about
// a discount or a deal, which buys nothing yet (a voucher is none: "a present voucher" is a thing bought).
const discountAsked =
  /\b(?:discount|discounts|discounted|deal|deals|promo|promos|promotion|promotions|coupon|coupons|desconto|descontos|promocao|promocoes|cupao|cupom|descuento|descuentos|promocion|promociones|rebaja|rebajas|cupon|cupones)\b/;

/** Whether the message asks about a discount or a deal ("hay descuento si compro 5?"). */
export function asksDiscount(text: string): boolean {
  return text.includes("?") && discountAsked.test(normalize(text));
}

/** Whether the message asks how long something takes. */
export function asksDuration(text: string): boolean {
  return durationAsked.test(normalize(text));
}

// Beside an hours question, a time the customer has in mind and the verb of what they want to do then
// are part of it: "how late can I order delivery tonight? like 11.30pm ok?" asks the hours only.
const hoursAside = new Set(
  (
    "order ordering book booking come arrive get go pop drop eat dine ok okay like around about tonight today tomorrow later late still pm am h " +
    "pedir encomendar reservar ir chegar passar jantar almocar comer hoje amanha noite tipo ainda mais tarde cerca pelas as " +
    "encargar llegar pasar cenar almorzar hoy manana noche todavia sobre eso " +
    // "qual o vosso horário ao sábado?", "which are your hours", "¿cuál es vuestro horario?": the asking itself.
    "qual quais vosso vossa vossos vossas ao aos which what your cual cuales vuestro vuestra vuestros"
  ).split(" "),
);
function partOfHoursQuestion(word: string): boolean {
  return hoursAside.has(word) || /^\d{1,4}(?:am|pm|h)?$/.test(word) || /^\d{1,2}h\d{2}$/.test(word);
}

// A remark about the language the conversation is in ("my Spanish is very bad, can I write in
// Portuguese?", "do you speak English?") asks no fact and nothing the knowledge answers: the assistant
// answers in the customer's language anyway.
const languageNames = new Set("english ingles ingless portuguese portugues spanish espanol castellano castelhano espanhol".split(" "));
const languageRemark = new Set(
  (
    "my mi meu minha is es e esta is very muy muito bad poor malo mala mau ma fraco not so good bien bem can could may i posso puedo podemos " +
    "write speak talk escrever falar escribir hablar fala falam hablas habla hablan speaks in em en do you u does anyone alguien alguem sorry " +
    "perdon perdao desculpe disculpa pouco poco little bit um un uno"
  ).split(" "),
);
function aboutLanguage(clause: string): boolean {
  const ws = clause.split(" ").filter(Boolean);
  return ws.some((w) => languageNames.has(w)) && ws.every((w) => languageNames.has(w) || languageRemark.has(w));
}

/** What facts `text` asks about; null when it asks none (or asks nothing at all). */
export function factQuestion(text: string): FactQuestion | null {
  return asksSomething(text) ? readFacts(text) : null;
}

/** The facts a text is about, asked or not (a knowledge item's title: "Delivery and pickup"). */
export function factTopics(text: string): FactTopic[] {
  const read = readFacts(text);
  return (read?.topics ?? []).filter((t) => !(t === "address" && read?.directionsOnly));
}

// "do yous do takeaway?", "are y'all open?": the plural you of Irish, Scottish and Southern English.
const dialectYou = /\b(?:yous|youse|y'?all)\b/gi;
// "do ye do takeaway?", "are ye open?": "ye" asked after a verb (alone it is as often a yes).
const askedYe = /\b(do|are|have|can|could|will|would|did|were) ye\b/gi;
// "Já agora, a que horas abrem ao domingo?", "anyway whats ur address": "by the way" asks about no time
// ("agora" is "now") and names nothing to search for ("anyway" is no way to get here).
const byTheWay = /(^|[\s,.!?¿¡])(?:j[áa] agora|by the way|btw|anyways?|por cierto|a prop[óo]sito)(?=[\s,.!?]|$)/giu;

function readFacts(said: string): FactQuestion | null {
  // "hows much is delivery": "how much", typed with the 's of "how's".
  const text = said
    .replace(dialectYou, "you")
    .replace(askedYe, "$1 you")
    .replace(byTheWay, "$1 ")
    .replace(/\bhow'?s much\b/gi, "how much");
  const padded = ` ${normalize(text)} `;
  const state: Scan = { text: padded, cues: [] };
  take(state, notCues, false);
  const base = state.text;
  const at: Partial<Record<FactTopic, number>> = {};
  const mark = (topic: FactTopic, found: Array<{ at: number }>) => {
    if (found.length) at[topic] = Math.min(at[topic] ?? Number.POSITIVE_INFINITY, ...found.map((f) => f.at));
  };

  const methodsFound: Array<{ method: PaymentMethod; at: number }> = [];
  for (const [name, method] of methodNames) for (const f of take(state, [name])) methodsFound.push({ method, at: f.at });
  const pay = take(state, payCues);
  const delivery = take(state, deliveryCues);
  const deliveryCue = delivery.length > 0;
  const cost = asksCost(text, deliveryCue);
  if (cost) take(state, [...costCues, ...costWords]);
  const minimum = take(state, minimumCues);
  const onDelivery = deliveryCue || take(state, onDeliveryCues).length > 0;
  // "And Monday also?", "what about sunday?", "e ao domingo?": a day alone, asked after the hours, asks its hours.
  const dayAlone = dayAsked.exec(padded);
  const hours = dayAlone ? [{ at: dayAlone.index }] : take(state, hoursCues);
  const now = hours.length > 0 && take(state, nowCues).length > 0;
  if (hours.length) take(state, dayWords);
  if (methodsFound.length || pay.length) take(state, payVerbs);
  const addressAsked = take(state, addressCues);
  const directions = take(state, directionsCues, false);
  const address = [...addressAsked, ...directions];

  if (methodsFound.length || pay.length) mark("payment", [...methodsFound, ...pay]);
  if (cost) mark("deliveryCost", delivery);
  if (minimum.length) mark("minimum", minimum);
  // A delivery word asks about delivery itself, unless it only says how a payment is made or what it
  // costs, or is part of an order.
  const place = deliveryCue ? placeAfterDelivery(text) : null;
  const street = !!place && streetWords.test(normalize(place));
  const ordering =
    (has(base, orderVerbs) && (/\d/.test(base) || base.split(" ").some((w) => numberWords.has(w)) || street)) ||
    (street && !has(base, deliversAsked));
  if (deliveryCue && !cost && !at.payment && !ordering) mark("delivery", delivery);
  if (hours.length && !asksForSlot(text)) mark("hours", hours);
  if (address.length) mark("address", address);
  else if (
    !Object.keys(at).length &&
    normalize(text)
      .split(" ")
      .some((w) => whereWords.has(w)) &&
    !meaningfulWords(base).some((w) => !whereWords.has(w))
  )
    mark("address", [{ at: 0 }]);
  if (!Object.keys(at).length && has(base, askCues) && take(state, pickupCues).length) mark("pickup", [{ at: 0 }]);

  const topics = (Object.keys(at) as FactTopic[]).sort((a, b) => (at[a] ?? 0) - (at[b] ?? 0));
  if (!topics.length) return null;
  const named = [...new Set(methodsFound.sort((a, b) => a.at - b.at).map((m) => m.method))];
  const brands = named.filter((m) => m !== "card" && ["visa", "mastercard", "amex"].includes(m));
  const methods = brands.length ? named.filter((m) => m !== "card") : named;
  if (place && topics.includes("delivery")) take(state, [normalize(place)]);
  // What is left of each clause once the cues found are taken out; what only looked like a cue ("gluten
  // free") stays: it is what the knowledge is searched for.
  const found = [...new Set(state.cues.map(([from, to]) => padded.slice(from, to)))];
  const rests = clauses(text)
    // "my colleague will do the booking later", "we don't drive": the customer telling of themselves asks nothing.
    .filter((c) => !tellsOfThemselves(c))
    .map((c) => {
      const scan: Scan = { text: ` ${c} `, cues: [] };
      take(scan, notCues, false);
      take(scan, found);
      let rest = ` ${c} `;
      for (const [from, to] of scan.cues) rest = `${rest.slice(0, from)}${" ".repeat(to - from)}${rest.slice(to)}`;
      return rest.replace(/\s+/g, " ").trim();
    })
    .filter((r) => !aboutLanguage(r))
    .filter((r) => meaningfulWords(r).some((w) => !courtesy.has(w) && !(hours.length && partOfHoursQuestion(w))));
  const directionsOnly = directions.length > 0 && !addressAsked.length;
  // "how to reach your restaurant by metro": the way there is the owner's directions, searched for
  // beside the address even when the cue took every word of its clause.
  // Its clause is searched as the owner's directions and the transport it names ("directions metro"),
  // without the words around them ("kindly tell me how to reach your restaurant", "from Rossio"), which
  // would drown the one item that says how to get here.
  if (directions.length) {
    const way = rests.findIndex((r) => askedTheWay.test(r) || wayVerbs.test(r));
    const transport = way >= 0 ? (rests[way].match(transportWords) ?? []) : [];
    if (way >= 0) rests[way] = ["directions", ...transport].join(" ");
    else rests.push("directions");
  }
  return { topics, methods, onDelivery, place: topics.includes("delivery") ? place : null, now, directionsOnly, rests };
}

// "Pago con tarjeta.", "I'll pay by card", "pagamos em dinheiro": how the customer says they will pay.
const paymentStated =
  /(?:^|[.!,;]\s*)((?:(?:(?:i|we)(?:\s+(?:will|would|want to|wanna))?|ill|well|id|wed)\s+pay|paying|pago|pagamos|pagaremos|pagare|pagarei|pagaria|vou pagar|voy a pagar|vamos a pagar|vamos pagar|quero pagar|quiero pagar)\s+(?:(?:con|com|by|with|in|em|en|por|via|a|the)\s+)?(?:(?:la|el|o|a|un|uma|una)\s+)?(?:tarjeta|tarjetas|cartao|cartoes|card|credit card|debit card|efectivo|dinheiro|cash|bizum|mb way|mbway|transferencia|bank transfer|amex|visa|mastercard)\b)/i;

/** The clause of a message in which the customer says how they will pay, not asking (null when none). */
export function statedPayment(text: string): string | null {
  const n = text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/['’]/g, "");
  const m = paymentStated.exec(n);
  if (!m) return null;
  const rest = n.slice(m.index + m[0].length);
  return /^\s*\?/.test(rest) ? null : m[1].trim();
}
