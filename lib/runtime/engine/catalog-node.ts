import "server-only";
import type { TypedNode } from "../../shared/graph-schema";
import { cannedReplies, replyLanguage } from "../base/canned-replies";
import { type CatalogRow, chosenItem, firstCatalogItems, searchCatalog } from "../retrieval/catalog-search";
import { hasSearchWords } from "../retrieval/search-index";
import { pickOption } from "./choice";
import { offeredItems, offerItems } from "./catalog-offer";
import { cartNode } from "./cart-node";
import { OFFERED, type SkillRun, type Step } from "./run-state";

// A `catalog` node searches its collection with the customer's words, offers numbered options (in
// stock first) and stores the chosen item. Words that only started the skill ("order") are not
// searched for; with nothing left to search, it shows the collection's first items. An in-stock item
// that is the best match for every word, or the only one in stock and named exactly, is taken at once
// ("order a tiramisu to take home").

export async function catalogNode(run: SkillRun, node: TypedNode<"catalog">, answering: boolean): Promise<Step> {
  if (node.data.cart) return cartNode(run, node, answering);
  const { turn } = run;
  const { collection, maxOptions } = node.data;
  if (answering) {
    const offered = await offeredItems(run, collection);
    const picked = pickOption(
      turn.message.text,
      turn.message.content,
      offered.map((r) => r.title),
    );
    if (picked !== null) {
      const row = offered[picked];
      if (row.inStock) return choose(run, node, row);
      return reoffer(run, node, offered, `${row.title}: ${cannedReplies(language(run)).outOfStock}.`);
    }
  } else run.retries = 0;

  const ignore = answering ? [] : run.triggerPhrases;
  if (!hasSearchWords(turn.message.text, ignore)) {
    if (answering) return { kind: "next", handle: "none" };
    const first = await firstCatalogItems(turn.db, turn.businessId, collection, maxOptions);
    return first.length ? offerItems(run, node, first, language(run)) : { kind: "next", handle: "none" };
  }
  const matches = await searchCatalog(turn.db, turn.businessId, collection, turn.message.text, { ignore, limit: maxOptions });
  if (!matches.length) return { kind: "next", handle: "none" };
  const full = matches.filter((m) => m.item.inStock && m.coverage >= 1);
  if (full.length === 1 && full[0] === matches[0]) return choose(run, node, full[0].item);
  const available = matches.filter((m) => m.item.inStock);
  if (available.length === 1 && available[0].exactTitle) return choose(run, node, available[0].item);
  const rows = matches.map((m) => m.item);
  return answering ? reoffer(run, node, rows) : offerItems(run, node, rows, language(run));
}

function choose(run: SkillRun, node: TypedNode<"catalog">, row: CatalogRow): Step {
  run.variables[node.data.variable] = chosenItem(row);
  delete run.variables[OFFERED];
  run.retries = 0;
  return { kind: "next", handle: "found" };
}

function reoffer(run: SkillRun, node: TypedNode<"catalog">, rows: CatalogRow[], note?: string): Promise<Step> {
  return offerItems(run, node, rows, language(run), { note, again: true });
}

const language = (run: SkillRun) => replyLanguage(run.turn.assistant.language, run.turn.message.text, run.lang);
