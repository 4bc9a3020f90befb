import "server-only";
import type { Db } from "../../db/client";
import { type CatalogMatch, type CatalogRow, searchCatalog } from "../retrieval/catalog-search";
import { normalize, words } from "../understanding/text-match";
import type { Cart, CartLine } from "./cart-math";
import { numberOf } from "../understanding/slots";

// Reading what a customer does to a cart in one message: "a margherita and 2 tiramisus", "remove the
// tiramisu", "make it 3 margheritas", "actually make it 2" (the only line). Each part of the message
// (split at "and", "e", "y", commas) names at most one item; an item is taken when the menu search
// finds it clearly, and offered as numbered options when several items fit as well ("a pizza").

export type CartChange =
  | { kind: "add"; row: CatalogRow; qty: number | null }
  | { kind: "set"; row: CatalogRow; qty: number }
  | { kind: "remove"; row: CatalogRow; qty?: number | null }
  | { kind: "setOnly"; qty: number }
  | { kind: "ambiguous"; rows: CatalogRow[]; qty: number | null }
  | { kind: "soldOut"; row: CatalogRow };

const removeWords =
  /\b(remove|take off|take out|without|no more|delete|drop|sem|tira|tirar|retira|retirar|remover|quita|quitar|sin|elimina|eliminar|cancel the|cancela o|cancela a|cancela el|cancela la|nao quero|no quiero|dont want|don t want|esquece|esqueca|olvida|forget|skip|scrap|ditch|lose the)\b/;
// "actually no tiramisu": a part that starts with "no" takes the item out ("2 pizzas no olives" does not).
const startsWithNo =
  /^(?:(?:actually|oh|ah|and|e|y|afinal|alias|sorry|wait|ok|okay)\s+)*no\s(?!(?:worries|problem|prob|probs|thanks|thank|pasa|hay|te preocupes)\b)/;
// "pra retirar", "para levar": how the order is taken, never an item taken out.
// "I might pop in for a teapot", "se calhar passo aí depois por um bule", "a lo mejor me paso otro día a
// por una tetera": what the customer may come in for some other time is not part of this order. Only a
// visit said with doubt: "luego paso a recoger 2 rooibos", "depois passo aí" are this order's pickup.
const hedge = /\b(?:might|maybe|perhaps|another day|some day|some other time|talvez|se calhar|outro dia|quizas|quiza|a lo mejor|tal vez|otro dia)\b/;
const visit =
  /\b(?:pop (?:in|by|round|over)|drop (?:in|by)|come (?:in|by|over)|swing by|stop (?:by|in)|visit|passar|passo|passe|dar um salto|pasar|pase|paso|pasarme|acercarme|me acerco)\b/;
const visitSomeOtherTime = (part: string) => hedge.test(part) && visit.test(part);
const takeaway = /\b(?:pra|para|pa|p) (?:retirar|levantar|levar|llevar|lleva|recoger|viagem)\b/g;
const setWords =
  /\b(make it|make that|make them|change|only|just|actually|instead|afinal|so|apenas|mudar|muda|troca|en realidad|mejor|solo|cambia|cambiar|mejor que sean|sean)\b/;
const moreWords = /\b(more|another|extra|mais|outra|outro|otra|otro|mas)\b/;
// (?<!\s): a separator's spaces are taken from the first one, not tried again from each space of a run.
const splitter = /(?<!\s)\s*(?:,|;|\+|&|\n|\band\b|\bn\b|\bplus\b|\be\b|\by\b|\bcom\b|\bcon\b|\bwith\b|\balso\b|\btambem\b|\btambien\b)\s*/;
const filler = new Set(
  "i id i'd would like want to order please pls get have can could we ll quero queria gostaria de encomendar pedir para mim por favor pf quiero querria me gustaria pedir the some x of for a an o el la do da del al ah oh ok okay ta entao then so too tambem tambien coloca coloque poe ponha bota mete add adiciona acrescenta anade pon ponme dame manda portion portions porcao porcoes racion raciones plate plates prato pratos plato platos hello hi hey hola ola oi bonjour boa bom tarde dia noite buenas buenos dias tardes noches yes yep yeah yup sure cheers thanks thank thx mate lol haha thats is all sim obrigado obrigada valeu gracias vale perfect great cool ugh uh um erm hmm alright fine pues jo bueno entonces traeis traes trae traen traigan traiga traigais mandais mandas casa unas unos umas uns".split(
    " ",
  ),
);
const countWords = "two|three|four|five|six|seven|eight|nine|ten|dos|tres|cuatro|cinco|seis|siete|ocho|dois|duas|quatro|sete|oito";
const countWord = new RegExp(` (?:${countWords}) (?=[a-z]{3,})`, "g");
const beforeCountWord = new RegExp(` (?=(?:${countWords}) [a-z]{3,})`);
const addVerbs = new Set("add adiciona acrescenta junta anade agrega mete pon ponme".split(" "));
// Words that never name a menu item: fulfilment, time, and confirmation words.
const notItems =
  /^(pickup|pick|up|it|delivery|deliver|delivered|levantar|entrega|entregar|recoger|domicilio|tomorrow|today|tonight|yes|sim|nao|si|address|morada|rua|street|calle|avenida|pls|please|por|favor|pf|porfa|go|ir|buscar|casa|home|hacer|pedido|encomenda|order|quiero|queria|quería|gostava)$/;

// Menu words customers write in Portuguese, Spanish or their own spelling, read as the menu's words.
const aliases: Record<string, string> = {
  margarita: "margherita",
  margaritas: "margherita",
  marguerita: "margherita",
  margherita: "margherita",
  lasanha: "lasagna",
  lasana: "lasagna",
  lasagne: "lasagna",
  lasanhas: "lasagna",
  salada: "salad",
  ensalada: "salad",
  cesar: "caesar",
  cesare: "caesar",
  coke: "coca cola",
  cocacola: "coca cola",
  coca: "coca",
  agua: "water",
  aguas: "water",
  limonada: "lemonade",
  vegana: "vegan",
  vegano: "vegan",
  vegetariana: "vegetarian",
  queijos: "formaggi",
  quesos: "formaggi",
  quatro: "quattro",
  cuatro: "quattro",
};

function menuWords(ws: string[]): string[] {
  return ws.map((w) => {
    if (aliases[w]) return aliases[w];
    const singular = w.length > 4 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w;
    return aliases[singular] ?? singular;
  });
}

function quantityIn(ws: string[]): { qty: number | null; article: boolean; rest: string[] } {
  // "can a get croquetas x2": a count written with the multiplication sign outweighs an article before
  // it (a bare digit does not: "a tortilla for pickup at 9").
  const counted = ws.findIndex((w) => /^(?:\d{1,2}x|x\d{1,2})$/.test(w));
  if (counted >= 0 && ws.slice(0, counted).some((w) => ["a", "an", "um", "uma", "un", "una"].includes(w))) {
    const n = Number(ws[counted].replace(/x/g, ""));
    if (n > 0 && n <= 99) return { qty: n, article: false, rest: ws.filter((_, j) => j !== counted) };
  }
  for (const [i, w] of ws.entries()) {
    const x = w.replace(/x$/, "");
    // "2x", "x2": a count written with the multiplication sign.
    const n = numberOf(x) ?? (/^\d+x$/.test(w) ? Number(w.slice(0, -1)) : /^x\d+$/.test(w) ? Number(w.slice(1)) : null);
    if (n !== null && n > 0 && n <= 99) {
      const article = ["a", "an", "um", "uma", "un", "una", "one"].includes(w) && w !== "one";
      return { qty: n, article, rest: ws.filter((_, j) => j !== i) };
    }
    // "unas croquetas", "umas bravas": one portion.
    if (["unas", "unos", "umas", "uns"].includes(w)) return { qty: 1, article: true, rest: ws.filter((_, j) => j !== i) };
  }
  return { qty: null, article: false, rest: ws };
}

// "a tiramisu each for the three of us", "uma sobremesa para cada um dos 4": one for each of them.
function eachFor(part: string): number | null {
  if (!/\b(?:each|cada)\b/.test(part)) return null;
  const m = /\b([a-z0-9]+) (?:of us|de nos|de nosotros)\b/.exec(part);
  const n = m ? numberOf(m[1]) : null;
  return n !== null && n > 1 && n <= 30 ? n : null;
}

function clearBest(matches: CatalogMatch[]): CatalogMatch | null | "ambiguous" {
  const good = matches.filter((m) => m.coverage >= 0.5);
  if (!good.length) return null;
  const [best, second] = [...good].sort((a, b) => b.score - a.score);
  if (!second || best.score > second.score * 1.3) return best;
  return "ambiguous";
}

export async function readCartChanges(
  db: Db,
  businessId: string,
  collection: string,
  said: string,
  cart: Cart,
  ignore: string[],
): Promise<CartChange[]> {
  const changes: CartChange[] = [];
  // "cambia la diávola por una margarita": one item for another, read before the rest.
  const swap = await readSwap(db, businessId, collection, said, cart, ignore);
  if (swap) changes.push(...swap.changes);
  const text = swap ? swap.rest : said;
  const whole = normalize(text);
  const setting = setWords.test(whole);
  // Split at punctuation first (normalizing drops it), then at "and", "e", "y".
  // Sentences and a colon's list too: "Para o escritório: 4 margheritas", "1 tortilla for pickup. open till when?".
  const parts = text
    .split(/[,;+&\n]|\s[-–—]\s|[.!?:](?:\s|$)/)
    .flatMap((p) => normalize(p).split(splitter))
    // "and a coke my name is Ava Collins": the name is said after the items, and names none.
    .map((p) => {
      const at = p.search(namePhrase);
      return at < 0 ? p : p.slice(0, at);
    })
    // "2 bravas 2 croquetas": a new quantity after an item starts another part.
    .flatMap((p) => p.split(/ (?=\d{1,2}x? [a-z])/))
    // "two tortillas two croquetas": so does a quantity in words, when the part has two of them.
    .flatMap((p) => ((` ${p} `.match(countWord)?.length ?? 0) >= 2 ? p.split(beforeCountWord) : [p]))
    // "get a margherita a diavola": two English articles in one part start two items.
    .flatMap((p) => ((` ${p} `.match(/ an? (?=[a-z]{3,})/g)?.length ?? 0) >= 2 ? p.split(/ (?=an? [a-z]{3,})/) : [p]));
  // "Could we order the pulpo, the gambas and 2 croquetas": an item ordered with "the" is one.
  const ordering = /\b(order|get|have|want|take|do|try|go with|quero|queria|encomendar|pedir|pido|quiero|ponme|dame)\b/.test(whole);
  for (const said of parts) {
    const part = said.replace(takeaway, " ");
    const ws = words(part);
    if (!ws.length || visitSomeOtherTime(part)) continue;
    const removing = removeWords.test(part) || startsWithNo.test(part);
    const more = moreWords.test(part);
    const each = eachFor(part);
    const read = quantityIn(each ? words(part.slice(0, part.search(/\beach\b|\bcada\b/))) : ws);
    const { rest } = read;
    const the = read.qty === null && ordering && !removing && /\b(?:the|o|os|as|el|la|los|las)\s/.test(part);
    const article = read.article || the;
    const qty = each ?? read.qty ?? (the ? 1 : null);
    const query = rest.filter((w) => !filler.has(w) && !removeWords.test(w) && !setWords.test(w) && !moreWords.test(w) && !notItems.test(w));
    const queryText = menuWords(query).join(" ");
    if (!queryText) {
      // "actually make it 2" with one line in the cart: that line's quantity.
      if (qty !== null && !article && setting && cart.items.length === 1) changes.push({ kind: "setOnly", qty });
      continue;
    }
    let matches = await searchCatalog(db, businessId, collection, queryText, { ignore, limit: 5 });
    let best = clearBest(matches);
    // "meh whatever add a margherita": what follows the word that adds is the item; what comes before it names nothing.
    const adding = rest.findIndex((w) => addVerbs.has(w));
    if (best === null && adding >= 0) {
      const after = menuWords(rest.slice(adding + 1).filter((w) => !filler.has(w) && !notItems.test(w))).join(" ");
      if (after && after !== queryText) {
        matches = await searchCatalog(db, businessId, collection, after, { ignore, limit: 5 });
        best = clearBest(matches);
      }
    }
    // "1 diavola pa levantar ai daqui a meia hora", "una vegana al Hotel Lis": the item is named right after
    // its count, and the words after it name no item.
    // "actually no churros my friend says she doesnt want them": so is an item taken out, when it is in the cart.
    if (best === null && (qty !== null || removing) && query.length > 1) {
      const head = menuWords(query);
      for (let n = Math.min(3, head.length - 1); n >= 1 && best === null; n--) {
        matches = await searchCatalog(db, businessId, collection, head.slice(0, n).join(" "), { ignore, limit: 5 });
        const found = clearBest(matches);
        const held = found !== null && found !== "ambiguous" && cart.items.some((l) => l.externalId === found.item.externalId);
        if (found !== null && found !== "ambiguous" && (qty !== null || held)) best = found;
      }
    }
    if (best === null) {
      if (qty !== null && !article && setting && cart.items.length === 1) changes.push({ kind: "setOnly", qty });
      continue;
    }
    if (best === "ambiguous") {
      // Several items fit as well: one already in the cart is the one meant ("remove the pizza").
      const inCart = matches.filter((m) => cart.items.some((l) => l.externalId === m.item.externalId));
      if (inCart.length === 1) {
        pushChange(changes, inCart[0].item, { removing, more, setting, qty });
        continue;
      }
      if (removing) continue;
      changes.push({ kind: "ambiguous", rows: matches.map((m) => m.item), qty: article ? null : qty });
      continue;
    }
    if (!best.item.inStock && !removing) {
      changes.push({ kind: "soldOut", row: best.item });
      continue;
    }
    pushChange(changes, best.item, { removing, more, setting, qty, inCart: cart.items.some((l) => l.externalId === best.item.externalId) });
  }
  // "4 pizzas? 2 diavola, 1 margherita y 1 vegana": the items named say which pizzas; the count alone
  // offers nothing to choose.
  const named = changes.filter((c): c is Extract<CartChange, { kind: "add" | "set" }> => c.kind === "add" || c.kind === "set");
  for (let i = changes.length - 1; i >= 0; i--) {
    const c = changes[i];
    if (c.kind !== "ambiguous") continue;
    const covered = named.filter((n) => c.rows.some((r) => r.externalId === n.row.externalId));
    const total = covered.reduce((sum, n) => sum + (n.qty ?? 1), 0);
    if (covered.length > 0 && (c.qty === null || total >= c.qty)) changes.splice(i, 1);
  }
  // "just do croquetas, pimientos de padron and the gambas": several items named in one breath, without a
  // count, are one of each (a single bare item still gets "how many?").
  // An item's name split at its own "y" ("ensalada de tomate y ventresca") names it once.
  for (let i = changes.length - 1; i >= 0; i--) {
    const c = changes[i];
    if (
      c.kind === "add" &&
      c.qty === null &&
      changes.some((o, j) => j !== i && (o.kind === "add" || o.kind === "set") && o.row.externalId === c.row.externalId)
    )
      changes.splice(i, 1);
  }
  const listed = changes.filter((c): c is Extract<CartChange, { kind: "add" }> => c.kind === "add");
  if (new Set(listed.map((c) => c.row.externalId)).size >= 2) for (const c of listed) c.qty ??= 1;
  // "is the vegan pizza really vegan? can i get 2 of them delivered": the number is the one item's.
  const ofThem = ofThemPattern.exec(whole);
  const one = named.length === 1 ? named[0] : null;
  if (ofThem && one && (one.qty ?? 1) === 1) one.qty = numberOf(ofThem[1]) ?? 1;
  return changes;
}

const namePhrase =
  / (?:(?:and |e |y )?(?:my name is|my name s|name s|me llamo|mi nombre es|meu nome e|o meu nome e|chamo me|a nombre de|em nome de|in the name of))(?= )/;

const ofThemPattern =
  /\b(\d{1,2}|two|three|four|five|six|dois|duas|tres|quatro|cinco|seis|dos|cuatro|seis)\s(?:of them|of those|of these|of em|dessas|desses|destas|destes|delas|deles|de esas|de esos|de estas|de estos|de ellas|de ellos)\b/;

function pushChange(
  changes: CartChange[],
  row: CatalogRow,
  o: { removing: boolean; more: boolean; setting: boolean; qty: number | null; inCart?: boolean },
) {
  if (o.removing) changes.push({ kind: "remove", row, qty: o.qty });
  else if (o.qty !== null && (o.setting || (o.inCart && !o.more))) changes.push({ kind: "set", row, qty: o.qty });
  else changes.push({ kind: "add", row, qty: o.qty ?? (o.more ? 1 : null) });
}

export function lineOf(row: CatalogRow, qty: number): CartLine {
  return { externalId: row.externalId, title: row.title, qty, priceAmount: row.priceAmount, currency: row.priceCurrency, collection: row.collection };
}

/** Applies the changes; an item named without a quantity is returned to be asked about ("How many?"). */
export function applyCartChanges(
  cart: Cart,
  changes: CartChange[],
): { askQty: CatalogRow | null; offer: CartChange | null; removed: string[]; soldOut: string[] } {
  let askQty: CatalogRow | null = null;
  let offer: CartChange | null = null;
  const removed: string[] = [];
  const soldOut: string[] = [];
  for (const c of changes) {
    if (c.kind === "soldOut") {
      soldOut.push(c.row.title);
      continue;
    }
    if (c.kind === "ambiguous") {
      offer ??= c;
      continue;
    }
    if (c.kind === "setOnly") {
      if (cart.items.length === 1) cart.items[0].qty = c.qty;
      continue;
    }
    const line = cart.items.find((l) => l.externalId === c.row.externalId);
    if (c.kind === "remove") {
      // "tira um tiramisu" of two: one fewer.
      if (line && c.qty && c.qty < line.qty) line.qty -= c.qty;
      else if (line) {
        cart.items = cart.items.filter((l) => l !== line);
        removed.push(line.title);
      }
    } else if (c.kind === "set") {
      if (line) line.qty = c.qty;
      else cart.items.push(lineOf(c.row, c.qty));
    } else if (c.qty === null) {
      if (!line) askQty ??= c.row;
    } else if (line) line.qty += c.qty;
    else cart.items.push(lineOf(c.row, c.qty));
  }
  return { askQty, offer, removed, soldOut };
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

// One item for another: "make one of the margheritas a quattro formaggi", "one of the flans should be
// churros instead", "a margherita instead of the diavola", "troca a diavola por uma margherita",
// "esquece a diavola, põe antes uma margherita", "cambia la diávola por una margarita", "quita las
// bravas y pon croquetas". Groups: `one` (only one of them), `from`, `to`.
const item = "[a-z]+(?: [a-z]+){0,2}?";
const end =
  "(?=\\s*(?:[,.;:!?)]|$|\\b(?:que|porque|because|since|as|that|for|pls|please|por favor|thanks|gracias|obrigad[oa]|sorry|instead|antes|en su lugar|tb|too|then|entao|entonces)\\b))";
const swapPatterns: RegExp[] = [
  // "actually make one of them a diavola", "troca uma delas por uma vegan": one of the line just ordered.
  new RegExp(
    `\\b(?:make|change|swap|switch|turn|troca|trocar|muda|cambia)\\s+(?<one>one|uma|um|una|uno) (?:of (?:them|those|these|em)|delas|deles|de ellas|de ellos)\\s+(?:(?:to|into|for|por|para|en)\\s+)?(?:(?:a|an|um|uma|un|una)\\s+)?(?<to>${item})${end}`,
  ),
  new RegExp(
    `\\b(?:make|change|swap|switch|turn|replace)\\s+(?:(?<one>one of (?:the|my)|one|the|a|an|my)\\s+)?(?<from>${item})\\s+(?:to|for|into|with|by|a|an)\\s+(?:(?:a|an|one|some)\\s+)?(?<to>${item})${end}`,
  ),
  new RegExp(
    `\\b(?:(?<one>one of (?:the|my)|one|the)\\s+)?(?<from>${item})\\s+should (?:be|have been)\\s+(?:(?:a|an|one|some)\\s+)?(?<to>${item})${end}`,
  ),
  new RegExp(
    `\\b(?:(?:have|get|want|like)\\s+)?(?:(?:a|an|one|some)\\s+)?(?<to>${item})\\s+instead of\\s+(?:(?<one>one of the|one|the|a|an)\\s+)?(?<from>${item})${end}`,
  ),
  // "no tortilla, make it pimientos de padrón instead", "no flan, churros instead".
  new RegExp(
    `\\bno\\s+(?:(?:more|the)\\s+)?(?<from>${item})[,;]?\\s+(?:(?:make it|make that|swap for|change to|get|give me|i ll have|we ll have)\\s+)?(?:(?:a|an|one|some)\\s+)?(?<to>${item})\\s+instead\\b`,
  ),
  // "actually no gambas, make it pulpo": the verb says it is a swap without "instead".
  new RegExp(
    `\\bno\\s+(?:(?:more|the)\\s+)?(?<from>${item})[,;]?\\s+(?:make it|make that|swap for|change to|switch to)\\s+(?:(?:a|an|one|some)\\s+)?(?<to>${item})${end}`,
  ),
  // "drop the tortilla, add pimientos de padron", "take off the flan and put churros".
  new RegExp(
    `\\b(?:drop|remove|take off|take out|lose|scrap|no more)\\s+(?:(?:the|my|a|an)\\s+)?(?<from>${item})[,;]?\\s*(?:and\\s+|&\\s*)?(?:add|put|get|give me|bring|with)\\s+(?:(?:a|an|one|some)\\s+)?(?<to>${item})${end}`,
  ),
  new RegExp(
    `\\b(?:troca|trocar|troque|troquem|muda|mudar|substitui|substituir)\\s+(?:(?<one>um dos|uma das|o|a|os|as|um|uma)\\s+)?(?<from>${item})\\s+(?:por|pelo|pela|para)\\s+(?:(?:um|uma|o|a)\\s+)?(?<to>${item})${end}`,
  ),
  new RegExp(
    `\\b(?:esquece|esqueca|tira|retira)\\s+(?:(?:o|a|os|as)\\s+)?(?<from>${item})[,;]?\\s*(?:e\\s+)?(?:poe|poem|ponha|ponham|mete|metam|manda|mandem|pode por|quero)\\s+(?:(?:antes|entao|mas)\\s+)?(?:(?:um|uma|o|a)\\s+)?(?<to>${item})${end}`,
  ),
  new RegExp(
    `\\bem vez d[eoa]s?\\s+(?:(?<one>um|uma)\\s+)?(?<from>${item})[,;]?\\s+(?:(?:quero|manda|mandem|poe|mete)\\s+)?(?:(?:um|uma|o|a)\\s+)?(?<to>${item})${end}`,
  ),
  new RegExp(
    `\\b(?:cambia|cambiame|cambiar|cambiad|cambien|sustituye|sustituir)\\s+(?:(?<one>una de las|uno de los|el|la|los|las|un|una)\\s+)?(?<from>${item})\\s+por\\s+(?:(?:un|una|el|la|unas|unos)\\s+)?(?<to>${item})${end}`,
  ),
  new RegExp(
    `\\b(?:quita|quitame|quitad|quiten)\\s+(?:(?:el|la|los|las)\\s+)?(?<from>${item})[,;]?\\s*(?:y\\s+)?(?:pon|ponme|poned|ponga|mete|dame)\\s+(?:(?:un|una|el|la|unas|unos)\\s+)?(?<to>${item})${end}`,
  ),
  // "a diavola troca por uma vegan", "la diávola cámbiala por una margarita": the item first, then the verb.
  new RegExp(
    `\\b(?:o|a|os|as|el|la|los|las)\\s+(?<from>${item})\\s+(?:troca|trocas|trocam|muda|mudam|cambiala|cambialo|cambialas|cambialos|cambia)\\s+(?:por|pelo|pela|para)\\s+(?:(?:um|uma|o|a|un|una|el|la)\\s+)?(?<to>${item})${end}`,
  ),
  // "las croquetas quítalas y ponme dos de pimientos de padrón en su lugar"
  new RegExp(
    `\\b(?:el|la|los|las|o|a|os|as)\\s+(?<from>${item})\\s+(?:quitalas|quitalos|quitala|quitalo|quitamelas|quitamelos|quitamela|quitamelo|tira|tiraas|tira as|tira os)[,;]?\\s*(?:y\\s+|e\\s+)?(?:pon|ponme|poned|mete|meteme|dame|poe|mete)\\s+(?:(?<count>\\d{1,2}|dos|tres|cuatro|dois|duas|quatro)\\s+(?:de\\s+)?)?(?:(?:un|una|el|la|unas|unos|um|uma)\\s+)?(?<to>${item})${end}`,
  ),
  new RegExp(
    `\\ben (?:vez|lugar) del?\\s+(?:(?:la|el|las|los)\\s+)?(?<from>${item})[,;]?\\s+(?:(?:quiero|pon|ponme|dame)\\s+)?(?:(?:un|una|el|la|unas|unos)\\s+)?(?<to>${item})${end}`,
  ),
];

async function readSwap(
  db: Db,
  businessId: string,
  collection: string,
  said: string,
  cart: Cart,
  ignore: string[],
): Promise<{ changes: CartChange[]; rest: string } | null> {
  if (!cart.items.length) return null;
  // Composed accents fold to one letter each, so positions in the folded text are positions in `said`.
  const text = said.normalize("NFC");
  const folded = fold(text);
  for (const pattern of swapPatterns) {
    const m = pattern.exec(folded);
    if (!m?.groups) continue;
    const query = (phrase: string) => menuWords(words(phrase).filter((w) => !filler.has(w))).join(" ");
    const toQuery = query(m.groups.to);
    // "one of them": the line of more than one said last.
    const several = m.groups.from ? undefined : cart.items.filter((l) => l.qty > 1).at(-1);
    const fromQuery = m.groups.from ? query(m.groups.from) : several?.title;
    if (!fromQuery || !toQuery) continue;
    const fromMatches = await searchCatalog(db, businessId, collection, fromQuery, { ignore: several ? [] : ignore, limit: 5 });
    const inCart = fromMatches.filter((f) =>
      several ? f.item.externalId === several.externalId : f.coverage >= 0.5 && cart.items.some((l) => l.externalId === f.item.externalId),
    );
    const line = inCart.length ? cart.items.find((l) => l.externalId === inCart[0].item.externalId) : undefined;
    const to = clearBest(await searchCatalog(db, businessId, collection, toQuery, { ignore, limit: 5 }));
    if (!line || !to || to === "ambiguous" || to.item.externalId === line.externalId) continue;
    const one = !!m.groups.one && /^(one|um|uma|un|una|uno)\b/.test(m.groups.one);
    const counted = m.groups.count ? numberOf(m.groups.count) : null;
    const qty = counted ?? (one ? 1 : line.qty);
    const changes: CartChange[] = [{ kind: "remove", row: inCart[0].item, qty: one ? 1 : null }];
    changes.push(to.item.inStock ? { kind: "add", row: to.item, qty } : { kind: "soldOut", row: to.item });
    return { changes, rest: `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}` };
  }
  return null;
}
