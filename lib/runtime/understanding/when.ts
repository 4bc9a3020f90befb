import { isoDate, wallClock, zonedInstant, isoInZone } from "../../time/time-zone";

// Reading a day and a time the way restaurant customers write them, in English, Portuguese and
// Spanish, relative to `now` in the business's time zone. Each part is optional: "tomorrow" names a
// day, "8pm" a time, "tomorrow lunch" a day and a meal. The dialogue manager merges the parts with
// what the customer said before, so "ok 7pm then" keeps the day already given.

export type WhenParts = { date?: string; time?: string; meal?: "lunch" | "dinner"; lastTime?: string };
export type WhenContext = { timeZone: string; now: Date };

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

const weekdayNames: Array<[RegExp, number]> = [
  [/\b(mon|monday|mondays|segunda|segunda-feira|lunes)\b/, 0],
  [/\b(tue|tues|tuesday|terca|terca-feira|martes)\b/, 1],
  [/\b(wed|weds|wednesday|quarta|quarta-feira|miercoles)\b/, 2],
  [/\b(thu|thur|thurs|thursday|quinta|quinta-feira|jueves)\b/, 3],
  [/\b(fri|friday|sexta|sexta-feira|viernes)\b/, 4],
  [/\b(sat|saturday|sabado)\b/, 5],
  [/\b(sun|sunday|domingo)\b/, 6],
];

const months: Record<string, number> = {};
for (const [i, names] of [
  "jan january janeiro enero",
  "feb february fevereiro febrero fev",
  "mar march marco marzo",
  "apr april abril abr",
  "may maio mayo mai",
  "jun june junho junio",
  "jul july julho julio",
  "aug august agosto ago",
  "sep sept september setembro septiembre set",
  "oct october outubro octubre out",
  "nov november novembro noviembre",
  "dec december dezembro diciembre dez dic",
].entries())
  for (const n of names.split(" ")) months[n] = i + 1;
const monthPattern = Object.keys(months)
  .sort((a, b) => b.length - a.length)
  .join("|");

const numberWords: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  uma: 1,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  una: 1,
  dos: 2,
  cuatro: 4,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
};
const hourWord = Object.keys(numberWords).join("|");

function addDays(date: { year: number; month: number; day: number }, days: number) {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const two = (n: number) => String(n).padStart(2, "0");

/** The day, time and meal named in `text` (each missing when not said); null when nothing is. */
export function readWhenParts(text: string, ctx: WhenContext): WhenParts | null {
  let t = ` ${fold(text).replace(/[!?¿¡,;]+/g, " ")} `;
  const today = wallClock(ctx.now, ctx.timeZone);
  const out: WhenParts = {};
  // "por la mañana" / "de manhã" are the morning, not tomorrow.
  let morning = false;
  t = t.replace(/\b(por la|de la|en la|da|de|pela|in the|this) (manana|manha|morning)\b/g, () => {
    morning = true;
    return " ";
  });
  if (/\b(am|a\.m\.)\b/.test(t)) morning = true;

  if (/\b(lunch|lunchtime|almoco|almocar|almuerzo|almorzar|mediodia|comida|comer)\b/.test(t)) out.meal = "lunch";
  if (/\b(dinner|tonight|tonite|2nite|evening|jantar|jantarmos|noite|noche|cena|cenar)\b/.test(t)) out.meal = "dinner";

  let dayOffset: number | null = null;
  if (/\b(day after tomorrow|depois de amanha|pasado manana|overmorrow)\b/.test(t)) dayOffset = 2;
  else if (/\b(tomorrow|tmrw|tmr|tomorow|tommorow|tommorrow|2morrow|amanha|manana)\b/.test(t)) dayOffset = 1;
  else if (/\b(today|tonight|tonite|2nite|hoje|hj|hoy|this evening|esta noite|esta noche|logo a noite)\b/.test(t)) dayOffset = 0;
  if (dayOffset !== null) out.date = isoDate(addDays(today, dayOffset));

  if (!out.date) {
    for (const [pattern, weekday] of weekdayNames) {
      const m = pattern.exec(t);
      if (!m) continue;
      // "next friday" and a bare "friday" both mean the coming one; said on a Friday, "next friday" is a week on.
      const before = t.slice(0, m.index);
      const next = /\b(next|proxima|proximo|que vem)\s*$/.test(before) || new RegExp(`${m[1]}\\s+(que vem|proxima|proximo|next)`).test(t);
      let ahead = (weekday - today.weekday + 7) % 7;
      if (ahead === 0 && next) ahead = 7;
      out.date = isoDate(addDays(today, ahead));
      break;
    }
  }

  if (!out.date) {
    const pick = (day: number, month: number, year?: number) => {
      if (day < 1 || day > 31 || month < 1 || month > 12) return;
      let y = year ?? today.year;
      if (y < 100) y += 2000;
      // A date without a year that has passed this year is next year's.
      if (!year && (month < today.month || (month === today.month && day < today.day))) y += 1;
      out.date = isoDate({ year: y, month, day });
    };
    const numeric = /\b(\d{1,2})[/-](\d{1,2})(?:[/-](\d{2,4}))?\b/.exec(t);
    const dayMonth = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|º)?\\s+(?:de\\s+|of\\s+)?(${monthPattern})\\b`).exec(t);
    const monthDay = new RegExp(`\\b(${monthPattern})\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`).exec(t);
    const theDay = /\b(?:the|dia|el|on the)\s+(\d{1,2})(?:st|nd|rd|th|º)?\b(?!\s*(?:h|:|pm|am|people|pessoas|personas))/.exec(t);
    if (numeric) pick(Number(numeric[1]), Number(numeric[2]), numeric[3] ? Number(numeric[3]) : undefined);
    else if (dayMonth) pick(Number(dayMonth[1]), months[dayMonth[2]]);
    else if (monthDay) pick(Number(monthDay[2]), months[monthDay[1]]);
    else if (theDay) {
      const day = Number(theDay[1]);
      const month = day >= today.day ? today.month : today.month + 1;
      if (month > 12) pick(day, 1, today.year + 1);
      else pick(day, month);
    }
  }

  const time = readTime(t, morning, out.meal);
  if (time) out.time = time;
  return out.date || out.time || out.meal ? out : null;
}

function readTime(t: string, morning: boolean, meal: WhenParts["meal"]): string | null {
  if (/\b(noon|midday|meio dia|meio-dia|mediodia)\b/.test(t) && !/\d/.test(t)) return "12:00";
  const patterns: RegExp[] = [
    // 20:00, 8:30pm, 20h, 20h30, 8.30pm, 8pm, 8 pm
    /\b(\d{1,2})(?::|h|\.)(\d{2})\s*(am|pm|p\.m\.|a\.m\.)?(?!\d)/,
    /\b(\d{1,2})\s*(am|pm|p\.m\.|a\.m\.|h|hrs|horas|hs|o'?clock)\b/,
    // at 8, às 8, as 20, a las 9, pelas 8, by 8
    /\b(?:at|as|a las|a la|pelas|pelas|por volta das|around|by|para las|para as|las|@)\s*(\d{1,2})\b(?!\s*(?:people|pessoas|personas|persons|pax|guests|de\s+(?!la\b|da\b|manha|noche|tarde|noite)|\/|-))/,
  ];
  let hour: number | null = null;
  let minute = 0;
  let suffix = "";
  for (const p of patterns) {
    const m = p.exec(t);
    if (!m) continue;
    hour = Number(m[1]);
    if (p === patterns[0]) {
      minute = Number(m[2]);
      suffix = m[3] ?? "";
    } else if (p === patterns[1]) suffix = m[2];
    break;
  }
  if (hour === null) {
    const word = new RegExp(`\\b(?:at|as|a las|pelas|@)\\s+(${hourWord})\\b`).exec(t);
    if (word) hour = numberWords[word[1]];
    const half = word && /^\s*(and a half|e meia|y media)/.exec(t.slice(word.index + word[0].length));
    if (half) minute = 30;
  }
  if (hour === null || hour > 24 || minute > 59) return null;
  if (/\b(e meia|y media|and a half|half)\b/.test(t) && minute === 0 && /\b\d{1,2}\s+(e meia|y media|and a half)/.test(t)) minute = 30;
  const pm = /p/.test(suffix) || /\b(da noite|de la noche|da tarde|de la tarde|in the evening|at night)\b/.test(t);
  const am = /a/.test(suffix) || morning;
  if (pm && hour < 12) hour += 12;
  else if (!am && !pm && hour >= 1 && hour <= 11) {
    // A restaurant: "at 8" is the evening; "at 1" at lunch is 13:00; an hour said with "h" in pt/es is 24-hour.
    if (!(suffix === "h" && hour >= 9 && meal !== "dinner")) hour += 12;
    if (meal === "lunch" && hour > 15 && hour - 12 >= 11) hour -= 12;
  }
  if (hour === 24) hour = 0;
  return `${two(hour)}:${two(minute)}`;
}

/** The ISO date-time (business offset) of a day and a time; both needed. */
export function toIso(date: string, time: string, timeZone: string): string {
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  return isoInZone(zonedInstant(timeZone, { year, month, day, hour, minute }), timeZone);
}
