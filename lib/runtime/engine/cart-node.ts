import "server-only";
import type { TypedNode } from "../../shared/graph-schema";
import { cannedReplies } from "../base/canned-replies";
import { t } from "../messages";
import { catalogItemsByExternalId, firstCatalogItems, searchCatalog } from "../retrieval/catalog-search";
import { emptyCart, isCart, withRules } from "./cart-math";
import { lineOf } from "./cart";
import { localeOf } from "../base/phrases";
import { reply } from "../base/reply";
import { hasSearchWords } from "../retrieval/search-index";
import { pickOption } from "./choice";
import { offeredItems, offerItems } from "./catalog-offer";
import { parseAnswer } from "./parse-answer";
import { saysYes } from "../understanding/acts";
import { renderMessage } from "./render";
import { ASK_QTY, localized, OFFERED, type SkillRun, type Step } from "./run-state";

// A `catalog` node with `cart: true` keeps a cart in its variable. The dialogue manager adds, removes
// and changes lines from anything the customer says (see dialogue/cart.ts); this node asks what is
// still open: which of several matching items ("a pizza": numbered options), how many of an item named
// without a quantity, or, with an empty cart, what to order (the first items of the menu). It leaves
// by `found` once the cart holds something, by `none` when nothing on the menu matched.

export const OFFER_QTY = "$offerQty";
const _MAX_REOFFERS = 2;

/** The run's cart, charging the business's delivery rules (its facts), never the skill's own numbers. */
export function cartOf(run: SkillRun, node: TypedNode<"catalog">) {
  const v = run.variables[node.data.variable];
  if (isCart(v)) return withRules(v, run.turn.delivery);
  const cart = emptyCart(run.turn.delivery);
  run.variables[node.data.variable] = cart;
  return cart;
}

export async function cartNode(run: SkillRun, node: TypedNode<"catalog">, answering: boolean): Promise<Step> {
  const { turn } = run;
  const cart = cartOf(run, node);
  const { collection, maxOptions } = node.data;
  if (answering && run.variables[ASK_QTY] && !run.filled.has(node.data.variable)) {
    const asked = run.variables[ASK_QTY] as { externalId: string; title: string };
    // "yes" to "How many Pimientos?" after "add pimientos": the one said.
    const said = parseAnswer("number", turn.message.text, { timeZone: turn.timeZone, customerPhone: turn.contact.phone });
    const qty = said === null || said === undefined ? (saysYes(turn.message.text) ? 1 : Number.NaN) : Number(said);
    if (qty > 0 && Number.isInteger(qty) && qty <= 99) {
      const [row] = await catalogItemsByExternalId(turn.db, turn.businessId, collection, [asked.externalId]);
      if (row) cart.items.push(lineOf(row, qty));
      delete run.variables[ASK_QTY];
      run.retries = 0;
    } else {
      if (run.retries >= 2) return { kind: "next", handle: "none" };
      run.retries += 1;
      await reply(turn, t(run.lang, "retry.number"));
      return { kind: "wait" };
    }
  } else if (answering && Array.isArray(run.variables[OFFERED]) && !run.filled.has(node.data.variable)) {
    const offered = await offeredItems(run, collection);
    const picked = pickOption(
      turn.message.text,
      turn.message.content,
      offered.map((r) => r.title),
    );
    if (picked !== null) {
      const row = offered[picked];
      if (!row.inStock)
        return offerItems(run, node, offered, run.lang, { note: `${row.title}: ${cannedReplies(run.lang).outOfStock}.`, again: true });
      const qty = run.variables[OFFER_QTY];
      delete run.variables[OFFERED];
      delete run.variables[OFFER_QTY];
      run.retries = 0;
      if (typeof qty === "number") cart.items.push(lineOf(row, qty));
      else run.variables[ASK_QTY] = { externalId: row.externalId, title: row.title };
    } else if (!hasSearchWords(turn.message.text, [])) {
      return cart.items.length ? { kind: "next", handle: "found" } : { kind: "next", handle: "none" };
    } else {
      const matches = await searchCatalog(turn.db, turn.businessId, collection, turn.message.text, { limit: maxOptions });
      if (!matches.length) return { kind: "next", handle: "none" };
      return offerItems(
        run,
        node,
        matches.map((m) => m.item),
        run.lang,
        { again: true },
      );
    }
  }
  if (run.variables[ASK_QTY]) {
    const asked = run.variables[ASK_QTY] as { title: string };
    const text = localized(run, node.data.quantityText, node.data.quantityTexts) ?? "How many {{item}}?";
    await reply(turn, renderMessage(text, { ...run.variables, item: asked.title }, turn.timeZone, localeOf(run.lang)));
    return { kind: "wait" };
  }
  if (Array.isArray(run.variables[OFFERED])) {
    const rows = await offeredItems(run, collection);
    if (rows.length) return offerItems(run, node, rows, run.lang);
  }
  if (cart.items.length) return { kind: "next", handle: "found" };
  // Nothing in the cart: words that searched and found nothing end by `none`; no words show the menu.
  const ignore = run.triggerPhrases;
  if (!answering && hasSearchWords(turn.message.text, ignore) && run.variables.$searched === true) return { kind: "next", handle: "none" };
  const first = await firstCatalogItems(turn.db, turn.businessId, collection, maxOptions);
  return first.length ? offerItems(run, node, first, run.lang) : { kind: "next", handle: "none" };
}
