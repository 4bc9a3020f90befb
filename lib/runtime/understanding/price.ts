// Prices are stored in minor units; customers read them with the currency's own decimals.

/** 1250 EUR -> "12.50 EUR", 500 JPY -> "500 JPY"; "" without a price. */
export function formatPrice(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || !currency) return "";
  let digits = 2;
  try {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {}
  return `${(amount / 10 ** digits).toFixed(digits)} ${currency}`;
}
