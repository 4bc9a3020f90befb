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
  /\b(remove|take off|take out|without|no more|delete|drop|sem|tira|tirar|retira|retirar|remover|quita|quitar|sin|elimina|eliminar|cancel the|cancela o|cancela a|cancela el|cancela la)\b/;
const setWords =
  /\b(make it|make that|make them|change|only|just|actually|instead|afinal|so|apenas|mudar|muda|troca|en realidad|mejor|solo|cambia|cambiar|mejor que sean|sean)\b/;
const moreWords = /\b(more|another|extra|mais|outra|outro|otra|otro|mas)\b/;
// (?<!\s): a separator's spaces are taken from the first one, not tried again from each space of a run.
const splitter = /(?<!\s)\s*(?:,|;|\+|&|\n|\band\b|\bn\b|\bplus\b|\be\b|\by\b|\bcom\b|\bcon\b|\bwith\b|\balso\b|\btambem\b|\btambien\b)\s*/;
const filler = new Set(
  "i id i'd would like want to order please pls get have can could we ll quero queria gostaria de encomendar pedir para mim por favor pf quiero querria me gustaria pedir the some x of for".split(
    " ",
  ),
);
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
  for (const [i, w] of ws.entries()) {
    const x = w.replace(/x$/, "");
    const n = numberOf(x) ?? (/^\d+x$/.test(w) ? Number(w.slice(0, -1)) : null);
    if (n !== null && n > 0 && n <= 99) {
      const article = ["a", "an", "um", "uma", "un", "una", "one"].includes(w) && w !== "one";
      return { qty: n, article, rest: ws.filter((_, j) => j !== i) };
    }
  }
  return { qty: null, article: false, rest: ws };
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
  text: string,
  cart: Cart,
  ignore: string[],
): Promise<CartChange[]> {
  const changes: CartChange[] = [];
  const whole = normalize(text);
  const setting = setWords.test(whole);
  // Split at punctuation first (normalizing drops it), then at "and", "e", "y".
  const parts = text.split(/[,;+&\n]|\s[-–—]\s/).flatMap((p) => normalize(p).split(splitter));
  for (const part of parts) {
    const ws = words(part);
    if (!ws.length) continue;
    const removing = removeWords.test(part);
    const more = moreWords.test(part);
    const { qty, article, rest } = quantityIn(ws);
    const query = rest.filter((w) => !filler.has(w) && !removeWords.test(w) && !setWords.test(w) && !moreWords.test(w) && !notItems.test(w));
    const queryText = menuWords(query).join(" ");
    if (!queryText) {
      // "actually make it 2" with one line in the cart: that line's quantity.
      if (qty !== null && !article && setting && cart.items.length === 1) changes.push({ kind: "setOnly", qty });
      continue;
    }
    const matches = await searchCatalog(db, businessId, collection, queryText, { ignore, limit: 5 });
    const best = clearBest(matches);
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
  return changes;
}

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
  return { externalId: row.externalId, title: row.title, qty, priceAmount: row.priceAmount, currency: row.priceCurrency };
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
