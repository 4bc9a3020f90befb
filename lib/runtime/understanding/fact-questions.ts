import type { PaymentMethod } from "../../shared/business-facts-schema";
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

const list = (s: string) =>
  s
    .split("|")
    .map((p) => p.trim())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);

// Phrases that look like a cue and are not one: "close by" is near, "fecha" a date in Spanish, a gift
// card is not a way to pay, "my address" is the customer's own.
const notCues = list(
  "close by|close to|closeby|closer|closest|fecha de|la fecha|que fecha|gift card|gift cards|giftcard|gift voucher|tarjeta regalo|tarjetas regalo|" +
    "tarjeta de regalo|tarjetas de regalo|cartao presente|cartao oferta|cartoes oferta|loyalty card|cartao de cliente|my address|minha morada|" +
    "meu endereco|mi direccion|nuestra direccion|the address is|a morada e|la direccion es|delivery address|morada de entrega|direccion de entrega|" +
    "gluten free|lactose free|sugar free|dairy free|free wifi|wifi free",
);

const hoursCues = list(
  "hours|hrs|opening hours|opening hrs|opening times|opening time|open|opens|opened|opening|close|closes|closed|closing|shut|timings|timing|what time|" +
    "how late|till when|until when|til when|business hours|horario|horarios|hora de abertura|abrem|abre|abertos|aberto|aberta|abertas|abrir|" +
    "fecham|fechados|fechado|fechada|encerram|encerrados|encerrado|que horas|a que horas|ate que horas|funcionam|funcionamento|abren|abris|" +
    "abierto|abierta|abiertos|cierran|cierra|cerrais|cerrado|cerrados|a que hora|hasta que hora|hasta cuando|que hora",
);
const addressCues = list(
  "address|your address|location|located|where are you|where r u|where are u|where is the restaurant|where is the bar|where is the shop|" +
    "where exactly|whereabouts|find you|morada|endereco|localizacao|onde ficam|onde fica|onde estao|onde e que estao|onde e que ficam|" +
    "direccion|ubicacion|ubicados|ubicada|donde estan|donde estais|donde queda|donde quedan|donde se encuentran",
);
// Asking the way gives the address too; the words stay in what the knowledge is searched for (directions).
const directionsCues = list(
  "how do i get to|how do we get to|how to get to|how can i get to|get to you|get there|directions|como chego|como chegar|como se chega|como llego|como llegar|como se llega",
);
// Greetings and courtesy around a question: nothing to search the knowledge for.
const courtesy = new Set(
  (
    "hi hii hiii hello hey hola holaa ola oi ei bom dia boa tarde boa noite buenas buenos dias tardes noches good morning afternoon evening " +
    "kindly please pls sorry perdon perdao desculpe disculpa disculpe gracias obrigado obrigada thanks thank thx saludo saludos cumprimentos " +
    "melhores exmos exmo senhores senhor senora senor gente guys lol haha jaja kkk cheers regards dear sir madam"
  ).split(" "),
);
const whereWords = new Set(["where", "wheres", "onde", "aonde", "donde", "adonde"]);
const deliveryCues = list(
  "deliver|delivers|delivered|delivering|delivery|deliveries|home delivery|entrega|entregas|entregam|entregar|entregais|ao domicilio|" +
    "domicilio|domicilios|envio|envios|enviam|enviais|reparto|repartis|reparten|repartir|repartidor",
);
// Said alone, these ask what delivery costs; "how much", "free" and the like only beside a delivery word.
const costCues = list("fee|fees|charge|charges|charged|taxa|taxas|gastos|tarifa|portes|delivery cost|custo de entrega|coste de envio");
const costWords = list(
  "how much|cost|costs|price|free|quanto|custa|custo|preco|gratis|gratuita|gratuito|gratuitas|gratuitos|cuanto|cuesta|coste|sale|precio|cobrais|cobran|cobram",
);
// What may stand beside a cost word in a clause that still asks about delivery ("desde cuánto es gratis?").
const thresholdWords = new Set(
  "valor partir desde from order orders pedido pedidos encomenda encomendas amount value importe compra compras total over above acima mais minimo nah or ou".split(
    " ",
  ),
);
const minimumCues = list("minimum|minimo|minima|min order|minimum order|pedido minimo|encomenda minima|valor minimo|importe minimo");
const payCues = list(
  "pay|paying|payment|payments|pagar|pago|pagamento|pagamentos|pagos|forma de pago|formas de pago|metodo de pago|metodos de pago|" +
    "forma de pagamento|formas de pagamento|meios de pagamento|datafono|tpa",
);
const methodNames: Array<[string, PaymentMethod]> = (
  [
    ["cash|dinheiro|numerario|efectivo|metalico", "cash"],
    ["card|cards|credit card|debit card|cartao|cartoes|tarjeta|tarjetas|datafono|tpa|contactless", "card"],
    ["visa", "visa"],
    ["mastercard|master card", "mastercard"],
    ["amex|american express", "amex"],
    ["apple pay|applepay", "apple_pay"],
    ["google pay|googlepay|gpay", "google_pay"],
    ["mb way|mbway", "mb_way"],
    ["multibanco", "multibanco"],
    ["bizum", "bizum"],
    ["pix", "pix"],
    ["bank transfer|transfer|transferencia|transferencia bancaria", "bank_transfer"],
    ["paypal", "paypal"],
  ] as Array<[string, PaymentMethod]>
)
  .flatMap(([names, method]) => list(names).map((name): [string, PaymentMethod] => [name, method]))
  .sort((a, b) => b[0].length - a[0].length);
// Paying a delivery: the delivery words, and the one who brings it.
const onDeliveryCues = list(
  "traigan|traen|tragam|trouxerem|trazem|llegue|chegar|arrives|driver|rider|courier|estafeta|motorista|repartidor|al repartidor",
);
const pickupCues = list(
  "pick up|pickup|pick it up|collect|collection|takeaway|take away|takeout|take out|levantar|recolha|recolher|ir buscar|para levar|recoger|para llevar|recogida",
);
const askCues = list(
  "can i|can we|could i|could we|do you|is it possible|posso|podemos|da para|e possivel|fazem|se puede|puedo|hacen|haceis|teneis|hay",
);
// The day an hours question names: part of the question, nothing to search the knowledge for.
const dayWords = list(
  "today|tonight|tomorrow|this evening|evening|night|at night|noon|lunch|dinner|weekend|weekends|hoje|amanha|logo|noite|a noite|de noite|esta noite|" +
    "almoco|jantar|fim de semana|hoy|manana|noche|por la noche|esta noche|mediodia|comida|cena|fin de semana|" +
    "monday|mondays|tuesday|tuesdays|wednesday|wednesdays|thursday|thursdays|friday|fridays|saturday|saturdays|sunday|sundays|" +
    "segunda|segunda feira|segundas|terca|terca feira|tercas|quarta|quarta feira|quartas|quinta|quinta feira|quintas|sexta|sexta feira|sextas|" +
    "sabado|sabados|domingo|domingos|lunes|martes|miercoles|jueves|viernes",
);
const nowCues = list("now|right now|at the moment|currently|agora|neste momento|ahora|ahorita|en este momento");
// An order said with a delivery word ("2 margheritas for delivery to Rua Augusta 5") asks nothing about
// delivery: a verb of ordering with a quantity or a street address.
const orderVerbs = list(
  "order|ordering|want|wanna|get|i ll have|id like|i d like|would like|send|quero|queria|queriamos|manda|mande|mandem|pedir|peço|peco|encomendar|" +
    "encomendo|quiero|queremos|quisiera|pido|pedimos|mandas|mandame|mandadme|ponme|me pones|me regala|traeme|traednos|encargar",
);
// Asking whether the business delivers at all (not an order that says where to).
const deliversAsked = list(
  "do you deliver|do u deliver|you deliver|u deliver|can you deliver|could you deliver|is there delivery|is delivery|delivery available|any delivery|" +
    "fazem entregas|fazem entrega|entregam|tem entrega|ha entrega|haceis envios|hacen envios|haceis reparto|hacen reparto|repartis|reparten|" +
    "llevais a domicilio|llevan a domicilio|hay envio|hay reparto|teneis reparto|tienen reparto",
);
const numberWords = new Set(
  "one two three four five six seven eight nine ten dozen um uma dois duas tres quatro cinco seis sete oito nove dez un una dos cuatro siete ocho nueve diez".split(
    " ",
  ),
);
const streetWords = /\b(rua|avenida|av|travessa|largo|praca|calle|avda|plaza|paseo|street|st|road|rd|avenue|ave|lane)\b/;
const placeLead = /\b(?:to|into|em|para|pra|pa|al|a|en|hasta|ate|in)\s+((?:[\p{L}\d'’-]+\s?){1,4})/iu;
const notPlaces = new Set(
  "me my us our you home casa here aqui aca mi minha nossa a o the my place my house hotel area zona your door doorstep".split(" "),
);

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
    .split(/[?!;\n]+|[.,](?=\s|$)|\s(?:and|also|plus|e|y|tambem|também|además|ademas)\s/iu)
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
    .replace(/\s+(?:please|pls|por favor|porfa|pf|plz|today|tonight|hoje|hoy)$/i, "")
    .trim();
  const ws = normalize(place).split(" ");
  if (!place || ws.every((w) => notPlaces.has(w) || /^\d+$/.test(w))) return null;
  return place;
}

// A question, or a request to be told: "what time...", "is delivery free or nah", "kindly share the
// address", "queria saber se abrem". A statement that names a fact ("the delivery yesterday was
// missing the gambas", "pago com MB Way") asks nothing.
const questionStarts = list(
  "what|whats|when|where|wheres|how|which|who|why|do|does|is|are|can|could|will|would|have|has|any|u|r u|are u|got|qual|quais|quando|onde|" +
    "como|quanto|quanta|que|a que|tem|tens|ha|existe|fazem|aceitam|podem|posso|da para|e possivel|estao|vcs|voces|cual|cuales|cuando|donde|" +
    "cuanto|cuanta|tienen|teneis|tiene|hay|haceis|hacen|aceptan|aceptais|puedo|podeis|pueden|se puede|abris|abren|abrem|estais|estan",
);
const tellMe = list(
  "tell me|let me know|share|inform|information|info|wondering|want to know|like to know|know if|know whether|saber se|saber si|" +
    "gostaria de saber|queria saber|quero saber|quisiera saber|diga|digam|dizer|dime|decirme|me dices|informacion|informacao",
);
const leading = new Set(
  "hi hii hiii hello hey hola holaa ola oi ok okay and e y also so ah oh then entao entonces pues bueno kindly please".split(" "),
);

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

const priceWords = list("how much|price|prices|cost|costs|quanto|quanto custa|quanto e|preco|precos|cuanto|cuanto cuesta|cuesta|precio|precios|vale");

/** "how much is the margherita": a price asked, which the menu answers before any text. */
export function asksPrice(text: string): boolean {
  return has(normalize(text), priceWords);
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

function readFacts(text: string): FactQuestion | null {
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
  const hours = take(state, hoursCues);
  const now = hours.length > 0 && take(state, nowCues).length > 0;
  if (hours.length) take(state, dayWords);
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
  if (hours.length) mark("hours", hours);
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
    .map((c) => {
      const scan: Scan = { text: ` ${c} `, cues: [] };
      take(scan, notCues, false);
      take(scan, found);
      let rest = ` ${c} `;
      for (const [from, to] of scan.cues) rest = `${rest.slice(0, from)}${" ".repeat(to - from)}${rest.slice(to)}`;
      return rest.replace(/\s+/g, " ").trim();
    })
    .filter((r) => meaningfulWords(r).some((w) => !courtesy.has(w)));
  const directionsOnly = directions.length > 0 && !addressAsked.length;
  return { topics, methods, onDelivery, place: topics.includes("delivery") ? place : null, now, directionsOnly, rests };
}
