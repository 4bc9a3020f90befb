import type { Language } from "../language";

// Money and dates the way a customer reads them, in one place: "€22.00" to an English customer,
// "22,00 €" to a Portuguese or Spanish one; "Saturday 5 December at 20:00", "sábado, 5 de dezembro,
// às 20:00", "sábado, 5 de diciembre, a las 20:00". Everything comes from Intl; this file only adds the
// small words Intl does not write (the preposition before a time) and ordinary spaces where Intl puts
// no-break ones, so a price reads and searches the same as typed text. Browser-safe: the dashboard
// shows prices with it too.

const locales: Record<Language, string> = { en: "en-GB", pt: "pt-PT", es: "es-ES", fr: "fr-FR", de: "de-DE" };

export const localeOf = (lang: Language): string => locales[lang];

/** The language of a locale this file wrote ("pt-PT" -> "pt"); English for any other. */
export function languageOfLocale(locale: string): Language {
  const primary = locale.toLowerCase().split(/[-_]/)[0];
  return (Object.keys(locales) as Language[]).find((l) => l === primary) ?? "en";
}

const plainSpaces = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(lang: Language, currency: string): Intl.NumberFormat | null {
  const key = `${lang}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locales[lang], { style: "currency", currency });
    } catch {
      return null;
    }
    moneyFormats.set(key, format);
  }
  return format;
}

/** The currency's decimals (2 for EUR, 0 for JPY): amounts are stored in its minor unit. */
export function currencyDigits(currency: string): number {
  return moneyFormat("en", currency)?.resolvedOptions().maximumFractionDigits ?? 2;
}

/** 2200 EUR -> "€22.00" (en), "22,00 €" (pt, es); an unknown code -> "22.00 XYZ"; "" without a price. */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined, lang: Language = "en"): string {
  if (amount === null || amount === undefined || !currency) return "";
  const digits = currencyDigits(currency);
  const format = moneyFormat(lang, currency);
  const value = amount / 10 ** digits;
  return format ? plainSpaces(format.format(value)) : `${value.toFixed(digits)} ${currency}`;
}

// An amount with a euro sign or code in free text the owner wrote: "2.50 EUR", "3,00 EUR", "€8",
// "30 euros". The separator before exactly two digits is the decimal one in any of the languages.
const AMOUNT = "(\\d{1,6})(?:[.,](\\d{2}))?(?![\\d.,]*\\d)";
const moneyInText = new RegExp(`(?:€\\s?${AMOUNT}|(?<![\\d.,])${AMOUNT}\\s?(?:€|EUR\\b|euros?\\b))`, "gi");

/** The owner's amounts in euros rewritten the customer's way ("2.50 EUR" -> "2,50 €" in pt/es). */
export function localizeMoneyIn(text: string, lang: Language): string {
  return text.replace(moneyInText, (whole, a1?: string, c1?: string, a2?: string, c2?: string) => {
    const units = a1 ?? a2;
    const cents = c1 ?? c2;
    if (!units) return whole;
    const amount = Number(units) * 100 + (cents ? Number(cents) : 0);
    const written = formatMoney(amount, "EUR", lang);
    // "€8" stays short ("8 €"), never "8,00 €", unless the owner wrote the cents.
    return cents ? written : written.replace(/[.,]00(?=\D|$)/, "");
  });
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(lang: Language, timeZone: string, kind: "day" | "weekday" | "time"): Intl.DateTimeFormat {
  const key = `${lang}:${timeZone}:${kind}`;
  let format = dayFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === "day"
        ? { timeZone, weekday: "long", day: "numeric", month: "long" }
        : kind === "weekday"
          ? { timeZone, weekday: "long" }
          : { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
    format = new Intl.DateTimeFormat(locales[lang], options);
    dayFormats.set(key, format);
  }
  return format;
}

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** "Saturday 5 December", "sábado, 5 de dezembro", "sábado, 5 de diciembre" for a YYYY-MM-DD day. */
export function formatDay(date: string, lang: Language): string {
  return dateFormat(lang, "UTC", "day").format(noon(date));
}

/** The day of an instant in a time zone, as formatDay writes it. */
export function formatDayOf(iso: string | Date, timeZone: string, lang: Language): string {
  return dateFormat(lang, timeZone, "day").format(new Date(iso));
}

/** "20:00" in the business's zone. */
export function formatTime(iso: string | Date, timeZone: string, lang: Language): string {
  return dateFormat(lang, timeZone, "time").format(new Date(iso));
}

/** "Monday" / "segunda-feira" / "lunes": weekday 0 is Monday. */
export function formatWeekday(index: number, lang: Language): string {
  // 2026-11-23 is a Monday.
  return dateFormat(lang, "UTC", "weekday").format(new Date(Date.UTC(2026, 10, 23 + index, 12)));
}

/** The word before a clock time: "at 20:00", "às 20:00" ("à 1:00"), "a las 20:00" ("a la 1:00"). */
export function atTime(time: string, lang: Language): string {
  const one = /^0?1[:h.]/.test(time);
  switch (lang) {
    case "pt":
      return `${one ? "à" : "às"} ${time}`;
    case "es":
      return `${one ? "a la" : "a las"} ${time}`;
    case "fr":
      return `à ${time}`;
    case "de":
      return `um ${time}`;
    default:
      return `at ${time}`;
  }
}

/** "Saturday 5 December at 20:00", "sábado, 5 de dezembro, às 20:00", "sábado, 5 de diciembre, a las 20:00". */
export function formatDateTime(iso: string | Date, timeZone: string, lang: Language): string {
  const day = formatDayOf(iso, timeZone, lang);
  const time = atTime(formatTime(iso, timeZone, lang), lang);
  return lang === "pt" || lang === "es" ? `${day}, ${time}` : `${day} ${time}`;
}

// Portuguese weekdays: sábado and domingo are masculine ("no sábado"), the -feira days feminine
// ("na sexta-feira"); Spanish takes the article ("el sábado"); English "on".
const feminineDay = /^(segunda|terça|terca|quarta|quinta|sexta)/i;

/** The preposition a weekday-led date takes after a noun: "on" / "no" or "na" / "el". */
export function onDayWord(dayText: string, lang: Language): string {
  if (lang === "pt") return feminineDay.test(dayText.trim()) ? "na" : "no";
  if (lang === "es") return "el";
  if (lang === "fr") return "le";
  if (lang === "de") return "am";
  return "on";
}

/** "on Saturday 5 December", "no sábado, 5 de dezembro", "el sábado, 5 de diciembre": a date after a noun. */
export function onDate(dateText: string, lang: Language): string {
  return `${onDayWord(dateText, lang)} ${dateText}`;
}
