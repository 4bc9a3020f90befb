import "server-only";
import type { TypedNode } from "../../shared/graph-schema";
import type { Language } from "../../language";
import { type CatalogRow, catalogItemsByExternalId } from "../retrieval/catalog-search";
import { localeOf } from "../base/phrases";
import { formatPrice } from "../understanding/price";
import { cannedReplies } from "../base/canned-replies";
import { reply } from "../base/reply";
import { interactiveFor, numberedOptions } from "./choice";
import { renderMessage } from "./render";
import { localized, OFFERED, type SkillRun, type Step } from "./run-state";

// The "which one?" question both catalog nodes ask (a single pick and a cart line): numbered items with
// their price and a sold-out mark, as WhatsApp buttons or a list where they fit, remembered so the next
// answer ("2", "the second", the button) is read against the same numbers.

/** A re-offer of the same question gives up after this many tries. */
const MAX_REOFFERS = 2;

/** Offers `rows`; `again` counts the offer against the retries (past the limit: the `none` handle). */
export async function offerItems(
  run: SkillRun,
  node: TypedNode<"catalog">,
  rows: CatalogRow[],
  lang: Language,
  opts: { note?: string; again?: boolean } = {},
): Promise<Step> {
  if (opts.again) {
    if (run.retries >= MAX_REOFFERS) return { kind: "next", handle: "none" };
    run.retries += 1;
  }
  const soldOut = cannedReplies(lang).outOfStock;
  const labels = rows.map((r) => {
    const price = formatPrice(r.priceAmount, r.priceCurrency, lang);
    return [r.title, price && `${price}`, !r.inStock && `(${soldOut})`].filter(Boolean).join(" · ");
  });
  const body = renderMessage(localized(run, node.data.text, node.data.texts), run.variables, run.turn.timeZone, localeOf(run.lang));
  const text = numberedOptions(opts.note ? `${opts.note}\n${body}` : body, labels);
  await reply(run.turn, text, { interactive: interactiveFor(rows.map((r) => r.title)) });
  run.variables[OFFERED] = rows.map((r) => r.externalId);
  return { kind: "wait" };
}

/** The items offered last time, in the order they were numbered (a removed item drops out). */
export async function offeredItems(run: SkillRun, collection: string): Promise<CatalogRow[]> {
  const ids = Array.isArray(run.variables[OFFERED]) ? (run.variables[OFFERED] as string[]) : [];
  const rows = await catalogItemsByExternalId(run.turn.db, run.turn.businessId, collection, ids);
  return ids.flatMap((id) => rows.filter((r) => r.externalId === id));
}
