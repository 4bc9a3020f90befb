import { isoDate, wallClock, zonedInstant } from "../../time/time-zone";
import { numberOf } from "./numbers";
import { readWhenParts, type WhenContext } from "./when";

// When a customer wants an appointment, in their words: a day ("el jueves", "tomorrow"), a week ("next
// week", "a semana que vem"), a part of the day ("mornings", "de manhã", "por la tarde") and/or a time
// ("at 5", "às 10h"). Read into a window of local days and a filter on the times in it; nothing said
// is the next two weeks.

// Spain's day has its own hours: "la mañana" runs to lunch at about two and "la tarde" from then to about
// nine, so "por la tarde" is never 12:30 ("tarde" and "manana" below); "à tarde" in Portuguese and "the
// afternoon" start at noon.
export type PartOfDay = "morning" | "afternoon" | "evening" | "manana" | "tarde";
export type TimeRange = {
  /** The first instant of the window (local midnight of its first day, or now). */
  from: Date;
  /** The end of the window (exclusive). */
  to: Date;
  part?: PartOfDay;
  /** A time said ("17:00"): the nearest times to it come first. */
  time?: string;
  /** A day, week or part of the day was said: when nothing is free in it, the nearest times after are offered. */
  said: boolean;
  /** "after 6", "antes de las cinco": the time said is a bound, not a target ("after": at it or later). */
  bound?: "after" | "before";
  /** "between 5 and 7pm", "entre as 11 e o meio-dia": the times start before this one ("HH:MM"), from `time` on. */
  until?: string;
};

const DAY = 24 * 3600_000;
/** Nothing said: times in the next two weeks. */
export const DEFAULT_DAYS = 14;

const fold = (text: string) =>
  ` ${text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[!?¿¡,.;]+/g, " ")} `;

// "mañana" alone is tomorrow in Spanish; "por la mañana" and "mañanas" are mornings.
const morning = /\b(?:mornings?|manhas?|de manha|pela manha|(?:por|de|en) la manana|mananas|am)\b/;
const afternoon = /\b(?:afternoons?|tardes?|after lunch|depois do almoco|despues de comer)\b/;
// The Spanish forms, which Portuguese does not share ("à tarde" folds to "a tarde", "as tardes").
const spanishMorning = /\b(?:(?:por|en) la manana|las mananas|mananas)\b/;
const spanishAfternoon = /\b(?:(?:por|en|a) la tarde|(?:por )?las tardes)\b/;
const evening = /\b(?:evenings?|after work|noites?|noches?|depois do trabalho|despues del trabajo)\b/;
const nextWeek = /\b(?:next week|semana que vem|proxima semana|semana que viene|proxima semana)\b/;
// "end of next week", "fim da próxima semana", "a finales de la semana que viene": its Thursday to Sunday.
const endOfNextWeek =
  /\b(?:end of next week|(?:no )?fim da (?:proxima semana|semana que vem)|(?:a )?final(?:es)? de la (?:proxima semana|semana que viene))\b/;
// "next month", "o próximo mês", "el mes que viene".
const nextMonth = /\b(?:next month|(?:o )?proximo mes|(?:o )?mes que vem|(?:el )?mes que viene|(?:el )?proximo mes)\b/;
// "the weekend", "o fim de semana", "el finde": the coming Saturday and Sunday.
const weekendSaid = /\b(?:weekend|fim de semana|fin de semana|finde)\b/;
// "early January", "início de dezembro", "a mediados de enero", "the first week of December".
const monthNames =
  "january|february|march|april|may|june|july|august|september|october|november|december|janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|enero|febrero|mayo|junio|julio|septiembre|setiembre|octubre|noviembre|diciembre";
const monthPart =
  /\b(?:(early|the beginning of|beginning of|start of|the start of|inicio de|comeco de|principio de|principios de|first week of|the first week of|primeira semana de|primera semana de)|(mid|the middle of|middle of|meados de|meio de|mediados de)|(late|the end of|end of|fim de|final de|finais de|finales de|last week of|the last week of|ultima semana de))\s+(january|february|march|april|may|june|july|august|september|october|november|december|janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|enero|febrero|mayo|junio|julio|septiembre|setiembre|octubre|noviembre|diciembre)\b/;
const monthIndex = (name: string) => {
  const list = monthNames.split("|");
  const i = list.indexOf(name);
  if (i < 0) return 0;
  // English (0-11), Portuguese (12-23), then Spanish, whose "abril", "agosto" and "marzo" are shared or absent.
  const spanish = ["enero", "febrero", "marco", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];
  if (i < 12) return i + 1;
  if (i < 24) return i - 11;
  return name === "setiembre" ? 9 : spanish.indexOf(name) + 1;
};
const thisWeek = /\b(?:this week|esta semana)\b/;
const inWeeks =
  /\b(?:in|within|dentro de|en|daqui a|daqui|em)\s+(\d{1,2}|a|an|one|two|three|four|una|dos|tres|cuatro|uma|duas|dois|quatro)\s+(?:weeks?|semanas?)\b/;
const inDays =
  /\b(?:in|dentro de|en|daqui a|daqui)\s+(\d{1,2}|two|three|four|five|ten|dos|tres|cuatro|cinco|diez|dois|duas|quatro|dez|quinze|quince)\s+(?:days?|dias)\b/;
// "el miércoles que viene", "na quarta que vem", "next Wednesday", "el próximo miércoles".
const comingWeekday =
  /\b(?:(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo) que viene|(?:segunda|terca|quarta|quinta|sexta)(?:-feira)? que vem|(?:sabado|domingo) que vem|next (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:el )?proximo (?:lunes|martes|miercoles|jueves|viernes|sabado|domingo)|(?:na )?proxima (?:segunda|terca|quarta|quinta|sexta)|(?:no )?proximo (?:sabado|domingo))\b/;

/** The part of the day said, if any ("mornings", "à tarde", "por la noche"). */
export function partOfDay(text: string): PartOfDay | undefined {
  const t = fold(text);
  if (morning.test(t)) return spanishMorning.test(t) ? "manana" : "morning";
  if (afternoon.test(t)) return spanishAfternoon.test(t) ? "tarde" : "afternoon";
  if (evening.test(t)) return "evening";
  return undefined;
}

/** Whether a local wall-clock hour falls in the part of the day. */
export function inPart(hour: number, part: PartOfDay | undefined): boolean {
  if (!part) return true;
  if (part === "morning") return hour < 12;
  if (part === "afternoon") return hour >= 12 && hour < 18;
  if (part === "manana") return hour < 14;
  if (part === "tarde") return hour >= 14 && hour < 21;
  return hour >= 17;
}

const midnight = (timeZone: string, d: { year: number; month: number; day: number }) => zonedInstant(timeZone, { ...d, hour: 0, minute: 0 });

// "Boa tarde!", "buenas tardes", "good evening": a greeting names no part of the day.
const greetings =
  /\b(?:good (?:morning|afternoon|evening)|bom dia|boa tarde|boas tardes|boa noite|boas noites|buenos d[ií]as|buenas tardes|buenas noches|bon dia)\b/giu;
// "could we make it 11 instead?": an appointment has no party size, so the number is its time.
const makeIt = /\b(make it|make that|change it to|move it to|push it to|push it back to|bring it forward to|put it back to)\s+(?=\d)/gi;
// "o mais cedo possível", "as early as possible", "lo antes posible": the first free time is the one.
const earliest =
  /\b(?:as early as possible|asap|earliest|first available|first free|first thing|a primera hora|a primeira hora|logo de manha cedo|o mais cedo possivel|mais cedo possivel|o quanto antes|lo antes posible|lo mas temprano posible|lo mas pronto posible|cuanto antes)\b/;

/** Whether the customer asks for the earliest time there is. */
export function asksEarliest(text: string): boolean {
  return earliest.test(fold(text));
}

// "after 6", "depois das 5", "a partir de las seis", "from 5pm": the time is the earliest; "before 5",
// "antes das 11", "antes de las cinco": the latest.
// An hour in digits or in words (one to twelve, in the three languages).
const afterTime =
  /\b(?:after|from|depois d[ao]s?|a partir d[ao]s?|a partir de las?|despues de las?|desde las?)\s+(?:the |as |las )?(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|uma|dois|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|una|dos|cuatro|siete|ocho|nueve|diez|once|doce)\b)/;
const beforeTime =
  /\b(?:before|antes d[ao]s?|antes de las?)\s+(?:the |as |las )?(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|uma|dois|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|una|dos|cuatro|siete|ocho|nueve|diez|once|doce)\b)/;
// The cue alone, replaced by "at" to read the hour after it as a time.
const afterCue = /\b(?:after|from|depois d[ao]s?|a partir d[ao]s?|a partir de las?|despues de las?|desde las?)\s+(?:the |as |las )?/;
const beforeCue = /\b(?:before|antes d[ao]s?|antes de las?)\s+(?:the |as |las )?/;
// "before my wedding on the 20th", "antes do dia 20", "antes del viernes": the day is a deadline.
const beforeDay = /\b(?:before|this side of|antes d[eoa]s?|antes del)\b/;

// "between 5 and 7pm", "entre as 11 e o meio-dia", "entre las 5 y las 7": the hours around the range.
const between =
  /\b(?:between|entre)\s+(?:the |as |las |los |o |a )?(\d{1,2}(?:[:h.]\d{2})?(?: ?(?:am|pm|h))?)\s+(?:and|e|y)\s+(?:the |as |las |los |o |a )?(\d{1,2}(?:[:h.]\d{2})?(?: ?(?:am|pm|h))?|meio-dia|meio dia|mediodia|noon|midday)(?![\p{L}\d])/u;
// "a eso de las diez y media", "sobre las 5", "hacia las 6": about that time, read as the time.
const aboutTime = /\b(?:a eso de|hacia|sobre|cerca de)\s+(?=(?:las?|as|os|o)\s)/gi;

/** The window of days and the filter a message names; `base` (a day, YYYY-MM-DD) stands in when it names no day. */
export function readTimeRange(said: string, when: WhenContext, base?: string): TimeRange {
  said = said.replace(aboutTime, "a ");
  const span = between.exec(fold(said));
  if (span) {
    // "5 and 7pm": the first hour is in the half of the day the second says.
    const half = /(am|pm)$/.exec(span[2])?.[1] ?? "";
    const first = /(?:am|pm|h)$/.test(span[1]) || !half ? span[1] : `${span[1]}${half}`;
    const read = (hour: string) => readRange(fold(said).replace(between, ` at ${hour} `), when, base);
    const start = read(first);
    const end = read(span[2].replace(/^(?:meio-dia|meio dia|mediodia|noon|midday)$/, "12:00"));
    if (start.time && end.time && start.time < end.time) return { ...start, bound: "after", until: end.time };
  }
  let range = readRange(said, when, base);
  const t = fold(said.replace(greetings, " "));
  const bound = afterTime.test(t) ? "after" : beforeTime.test(t) ? "before" : undefined;
  // "tomorrow before 11": the hour after the cue, read as a time ("tomorrow at 11").
  if (bound && !range.time) {
    const cue = bound === "after" ? afterCue : beforeCue;
    const asTime = readRange(fold(said).replace(cue, " at "), when, base);
    if (asTime.time) range = asTime;
  }
  if (bound && range.time) range.bound = bound;
  // "whiten my teeth before my wedding on the 20th": any day from now until that one, not that day.
  const cue = t.search(beforeDay);
  if (cue >= 0 && !range.time && range.said && range.from > when.now) {
    // The day within the five words after the cue ("before I forget, can I book Friday?" is no deadline).
    const after = readWhenParts(t.slice(cue).trim().split(/\s+/).slice(0, 6).join(" "), { ...when, daytime: true });
    if (after?.date && !after.time) return { from: when.now, to: range.from, part: range.part, said: true };
  }
  return range;
}

function readRange(said: string, when: WhenContext, base?: string): TimeRange {
  const text = said.replace(greetings, " ").replace(makeIt, "$1 at ");
  const ctx = { ...when, daytime: true };
  const t = fold(text);
  const parts = readWhenParts(text, ctx);
  const part = partOfDay(text) ?? (parts?.meal === "dinner" ? "evening" : undefined);
  const today = wallClock(ctx.now, ctx.timeZone);
  const day = (offset: number) => {
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  };
  const time = parts?.time;
  // "early January", "o fim de semana", "next month", "end of next week": a window of days, not one day.
  const window = daysWindow(t, today);
  if (window && !parts?.date) {
    const [from, to] = [midnight(ctx.timeZone, window[0]), midnight(ctx.timeZone, window[1])];
    return { from: from < ctx.now ? ctx.now : from, to, part, time, said: true };
  }
  // "la semana que viene": Monday to Sunday of the coming week; "esta semana": today to Sunday.
  if (nextWeek.test(t) && !parts?.date) {
    const toMonday = 7 - today.weekday;
    return { from: midnight(ctx.timeZone, day(toMonday)), to: midnight(ctx.timeZone, day(toMonday + 7)), part, time, said: true };
  }
  // "in two weeks", "dentro de dos semanas", "daqui a 15 dias": that week (a weekday said: that week's), or from that day.
  const weeksAhead = inWeeks.exec(t);
  const ahead = weeksAhead ?? inDays.exec(t);
  const count = ahead ? (numberOf(ahead[1]) ?? (/^(?:a|an|one|una|uma)$/.test(ahead[1]) ? 1 : null)) : null;
  if (ahead && count && count <= 20) {
    const days = weeksAhead ? count * 7 : count;
    const target = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
    // Weeks: from the Monday of the week they land in; days: from that day.
    const first = weeksAhead ? days - ((target.getUTCDay() + 6) % 7) : days;
    if (parts?.date && fromWeekdayWord(text, parts.date, ctx)) {
      // The weekday in the week asked: "Tuesday, in two weeks".
      let date = parts.date;
      while (date < isoDate(day(first))) date = shiftDays(date, 7);
      const [y, m, d] = date.split("-").map(Number);
      return {
        from: midnight(ctx.timeZone, { year: y, month: m, day: d }),
        to: midnight(ctx.timeZone, { year: y, month: m, day: d + 1 }),
        part,
        time,
        said: true,
      };
    }
    if (!parts?.date) return { from: midnight(ctx.timeZone, day(first)), to: midnight(ctx.timeZone, day(first + 7)), part, time, said: true };
  }
  if (thisWeek.test(t) && !parts?.date) return { from: ctx.now, to: midnight(ctx.timeZone, day(7 - today.weekday)), part, time, said: true };
  // "el miércoles que viene" said on a Wednesday: next week's, not today.
  if (parts?.date && parts.date === isoDate(today) && comingWeekday.test(t)) parts.date = shiftDays(parts.date, 7);
  // "Thursday next week": that weekday of the coming week, not this one.
  const nextMonday = isoDate(day(7 - today.weekday));
  if (nextWeek.test(t) && parts?.date && parts.date < nextMonday) parts.date = shiftDays(parts.date, 7);
  // "me la cambias al jueves" of an appointment on Wednesday the 2nd: the Thursday nearest to it.
  if (base && parts?.date && fromWeekdayWord(text, parts.date, ctx)) parts.date = nearestSameWeekday(parts.date, base, isoDate(today));
  // The day of the appointment being moved stands when only a time or a part of the day is said ("a las 5").
  const date = parts?.date ?? (time || part ? base : undefined);
  if (date) {
    const [year, month, d] = date.split("-").map(Number);
    const from = midnight(ctx.timeZone, { year, month, day: d });
    const to = midnight(ctx.timeZone, { year, month, day: d + 1 });
    return { from: from < ctx.now ? ctx.now : from, to, part, time, said: true };
  }
  return { from: ctx.now, to: new Date(ctx.now.getTime() + DEFAULT_DAYS * DAY), part, time, said: Boolean(part || time) };
}

type Ymd = { year: number; month: number; day: number };
const ymd = (y: number, m: number, d: number): Ymd => {
  const at = new Date(Date.UTC(y, m - 1, d));
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
};

/** The days a message names as a window (`from` included, `to` excluded), or null. */
function daysWindow(t: string, today: { year: number; month: number; day: number; weekday: number }): [Ymd, Ymd] | null {
  const m = monthPart.exec(t);
  if (m) {
    const month = monthIndex(m[4]);
    const year = month < today.month ? today.year + 1 : today.year;
    if (m[1]) return [ymd(year, month, 1), ymd(year, month, /week/.test(m[1]) || /semana/.test(m[1]) ? 8 : 11)];
    if (m[2]) return [ymd(year, month, 10), ymd(year, month, 21)];
    return [ymd(year, month, 20), ymd(year, month + 1, 1)];
  }
  if (endOfNextWeek.test(t)) {
    const monday = 7 - today.weekday;
    return [ymd(today.year, today.month, today.day + monday + 3), ymd(today.year, today.month, today.day + monday + 7)];
  }
  if (nextMonth.test(t)) return [ymd(today.year, today.month + 1, 1), ymd(today.year, today.month + 2, 1)];
  if (weekendSaid.test(t) && !nextWeek.test(t)) {
    // Saturday and Sunday of this week (from today when it is one of them).
    const saturday = today.weekday >= 5 ? 0 : 5 - today.weekday;
    return [ymd(today.year, today.month, today.day + saturday), ymd(today.year, today.month, today.day + 7 - today.weekday)];
  }
  return null;
}

/** The local day of an instant, YYYY-MM-DD. */
export const localDay = (instant: Date, timeZone: string) => isoDate(wallClock(instant, timeZone));

const shiftDays = (date: string, days: number) => {
  const [y, m, d] = date.split("-").map(Number);
  return isoDate(wallClock(new Date(Date.UTC(y, m - 1, d + days, 12)), "UTC"));
};

const dayWords = /\b(?:tomorrow|today|tonight|amanha|hoje|manana|hoy|pasado)\b/;

/** Whether the day read is a weekday named alone ("al jueves"), not a date nor "tomorrow". */
function fromWeekdayWord(text: string, date: string, ctx: WhenContext): boolean {
  if (dayWords.test(fold(text))) return false;
  return readWhenParts(text.replace(/\d+/g, " "), ctx)?.date === date;
}

/** The same weekday as `date` nearest to `base`, never before `today`. */
function nearestSameWeekday(date: string, base: string, today: string): string {
  const days = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / DAY);
  let best = date;
  for (const offset of [-21, -14, -7, 7, 14, 21]) {
    const other = shiftDays(date, offset);
    if (other >= today && Math.abs(days(other, base)) < Math.abs(days(best, base))) best = other;
  }
  return best;
}
