import type { Language } from "../../language";
import { formatMoney } from "../../shared/locale-format";

// Prices are stored in minor units; customers read them with the currency's own decimals, written
// their language's way (lib/shared/locale-format.ts).

/** 1250 EUR -> "€12.50" (en), "12,50 €" (pt, es); "" without a price. */
export function formatPrice(amount: number | null | undefined, currency: string | null | undefined, lang: Language = "en"): string {
  return formatMoney(amount, currency, lang);
}
