import { now as clockNow } from "../../time/clock";
import * as chrono from "chrono-node";
import { type CountryCode, findPhoneNumbersInText, parsePhoneNumberFromString } from "libphonenumber-js";
import type { NodeData } from "../../shared/graph-schema";
import { words } from "../understanding/text-match";
import { isoDate, isoInZone, offsetMinutes, zonedInstant } from "../../time/time-zone";

// Reading a customer's answer to a `question` node by its kind. A failure returns null and the node
// re-asks; success returns what the session stores: numbers as numbers, phones in E.164, dates as
// YYYY-MM-DD and date-times as ISO 8601 with the business's offset.

export type AnswerContext = { timeZone: string; customerPhone: string | null; now?: Date };
type Kind = Exclude<NodeData<"question">["kind"], "choice">;

export function parseAnswer(kind: Kind, text: string, ctx: AnswerContext): string | number | null {
  const answer = text.trim();
  if (!answer) return null;
  switch (kind) {
    case "text":
      return answer;
    case "number":
      return parseNumber(answer);
    case "email":
      return parseEmail(answer);
    case "phone":
      return parsePhone(answer, ctx.customerPhone);
    case "date":
    case "datetime":
      return parseWhen(kind, answer, ctx);
  }
}

const numberWords: Record<string, number> = Object.fromEntries(
  [
    "one two three four five six seven eight nine ten eleven twelve",
    "um dois tres quatro cinco seis sete oito nove dez onze doze",
    "uno dos tres cuatro cinco seis siete ocho nueve diez once doce",
    "un deux trois quatre cinq six sept huit neuf dix onze douze",
    "eins zwei drei vier funf sechs sieben acht neun zehn elf zwolf",
  ].flatMap((line) => line.split(" ").map((w, i) => [w, i + 1] as const)),
);
Object.assign(numberWords, { uma: 1, una: 1, une: 1, eine: 1, duas: 2 });

function parseNumber(text: string): number | null {
  const digits = /-?\d+(?:[.,]\d+)?/.exec(text);
  if (digits) {
    const n = Number(digits[0].replace(",", "."));
    return Number.isFinite(n) ? n : null;
  }
  for (const w of words(text)) {
    const n = numberWords[w];
    if (n !== undefined) return n;
  }
  return null;
}

function parseEmail(text: string): string | null {
  // Starts only where the local part starts: from inside a run of its characters it would rescan the run.
  const match = /(?<![A-Za-z0-9._%+'-])[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/.exec(text);
  if (!match) return null;
  const [local, domain] = match[0].split("@");
  return `${local}@${domain.toLowerCase()}`;
}

/** E.164; a number written without its country code is read as from the customer's own country. */
function parsePhone(text: string, customerPhone: string | null): string | null {
  const defaultCountry = (customerPhone ? parsePhoneNumberFromString(customerPhone)?.country : undefined) as CountryCode | undefined;
  const found = findPhoneNumbersInText(text, defaultCountry).find((f) => f.number.isValid());
  if (found) return found.number.number;
  const whole = parsePhoneNumberFromString(text.replace(/[^\d+]/g, ""), defaultCountry);
  return whole?.isValid() ? whole.number : null;
}

// The languages chrono knows that the assistant speaks.
const parsers = [chrono.casual, chrono.pt.casual, chrono.es.casual, chrono.fr.casual, chrono.de.casual];

type Components = chrono.ParsedComponents;

// Ways of writing a time or date that chrono's parsers miss: "19h", "19h30" (pt, fr, es), "19 Uhr",
// and the German "23.11.".
function spellOut(text: string): string {
  return text
    .replace(/\b(\d{1,2})h(\d{2})?\b/gi, (_, h: string, m?: string) => `${h}:${m ?? "00"}`)
    .replace(/\b(\d{1,2}) ?uhr\b/gi, "$1:00")
    .replace(/\b(\d{1,2})\.(\d{1,2})\.(?!\d)/g, "$1/$2");
}

/**
 * The day and the time as the parsers read them: each from the longest reading that names one, so
 * "23/11 um 19:00" takes the date from one language's reading and the time from another's.
 */
function readWhen(text: string, reference: chrono.ParsingReference): { day: Components; time: Components | null } | null {
  const readings = parsers.flatMap((parser) => parser.parse(spellOut(text), reference, { forwardDate: true }));
  if (!readings.length) return null;
  const longest = (rs: chrono.ParsedResult[]) => rs.reduce<chrono.ParsedResult | null>((a, r) => (!a || r.text.length > a.text.length ? r : a), null);
  const named = (c: Components) => c.isCertain("day") || c.isCertain("weekday") || c.isCertain("month");
  const day = longest(readings.filter((r) => named(r.start))) ?? longest(readings);
  const time = longest(readings.filter((r) => r.start.isCertain("hour")));
  return day ? { day: day.start, time: time?.start ?? null } : null;
}

/**
 * chrono reads the words relative to now in the business's zone; its wall-clock components are then
 * placed in that zone with the offset of the day named, so "Nov 23 at 7pm" asked in July is 19:00.
 */
function parseWhen(kind: "date" | "datetime", text: string, ctx: AnswerContext): string | null {
  const now = ctx.now ?? clockNow();
  const found = readWhen(text, { instant: now, timezone: offsetMinutes(now, ctx.timeZone) });
  if (!found) return null;
  const { day, time } = found;
  const date = { year: day.get("year") ?? 0, month: day.get("month") ?? 1, day: day.get("day") ?? 1 };
  // "0000-01-01 19:00" reads as year 0, which Postgres cannot store (a booking's slot would fail its
  // turn): a date outside 1970..9999 is not understood, and the assistant asks again.
  if (date.year < 1970 || date.year > 9999) return null;
  if (kind === "date") return isoDate(date);
  if (!time) return null;
  const instant = zonedInstant(ctx.timeZone, { ...date, hour: time.get("hour") ?? 0, minute: time.get("minute") ?? 0 });
  return isoInZone(instant, ctx.timeZone);
}
