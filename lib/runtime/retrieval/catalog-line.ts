import { isDetectedLanguage, type Language } from "../../language";
import { list, phrases, weekdayName } from "../base/phrases";
import { t } from "../messages";
import { formatPrice } from "../understanding/price";
import { servedDays } from "../understanding/served-days";

// How the assistant writes a menu item in an answer, wherever it lists one (a price asked, the menu,
// a search, the items of a kind): "• Paella mixta (para 2) — 28,00 € (só sábado e domingo)". An item
// its description serves only on some days says so, and one out of stock says that.

export type ListedItem = {
  title: string;
  description?: string | null;
  priceAmount: number | null;
  priceCurrency: string | null;
  inStock: boolean;
};

export function catalogLine(item: ListedItem, language: Language): string {
  const price = formatPrice(item.priceAmount, item.priceCurrency, language);
  const lang = isDetectedLanguage(language) ? language : "en";
  const days = [...(servedDays(item.description) ?? [])].sort((a, b) => a - b).map((d) => weekdayName(d, lang));
  const served = days.length ? ` (${t(language, "servedOnly", { days: list(days, phrases[lang].and) })})` : "";
  return `• ${item.title}${price ? ` — ${price}` : ""}${served}${item.inStock ? "" : ` (${t(language, "outOfStock")})`}`;
}

/** The catalog's answer: its intro, then one line per item; `context` is what the answer quoted. */
export function catalogAnswer(items: ListedItem[], language: Language): { text: string; context: string } {
  const lines = items.map((item) => catalogLine(item, language));
  return { text: `${t(language, "catalogIntro")}\n${lines.join("\n")}`, context: lines.join("\n") };
}
