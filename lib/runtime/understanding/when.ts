import { isoDate, wallClock, zonedInstant, isoInZone } from "../../time/time-zone";
import { normalize } from "./text-match";

// Reading a day and a time the way restaurant customers write them, in English, Portuguese and
// Spanish, relative to `now` in the business's time zone. Each part is optional: "tomorrow" names a
// day, "8pm" a time, "tomorrow lunch" a day and a meal. The dialogue manager merges the parts with
// what the customer said before, so "ok 7pm then" keeps the day already given.
//
// Read as a person reads them: the day said in "saturday instead of friday" is Saturday; a time said
// of something else ("the show ends at 22:15", "I leave work at 14:30") is not the table's time, and
// when it is the only one, the table is the next half hour after it; "14:00, no wait 14:30" is 14:30;
// a weekday named on that very weekday after its time has passed is next week's.

export type WhenParts = {
  date?: string;
  time?: string;
  meal?: "lunch" | "dinner";
  lastTime?: string;
  /** The day is a bare weekday named on that same weekday: once its time has passed, next week's. */
  sameWeekday?: boolean;
};
export type WhenContext = {
  timeZone: string;
  now: Date;
  /** An appointment, not a table: a bare "at 9" or "half 11" is the morning, "at 5" the afternoon. */
  daytime?: boolean;
};

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

const weekdayPattern =
  /\b(?:(mon|monday|mondays|segunda|segunda-feira|lunes)|(tue|tues|tuesday|terca|terca-feira|martes)|(wed|weds|wednesday|quarta|quarta-feira|miercoles)|(thu|thur|thurs|thursday|quinta|quinta-feira|jueves)|(fri|friday|sexta|sexta-feira|viernes)|(sat|saturday|sabado)|(sun|sunday|domingo))\b/g;

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
// The keys of numberWords and minuteWords, written out so the patterns below are constants (npm run check:regex).
const hourWord =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|uma|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|una|dos|cuatro|siete|ocho|nueve|diez|once|doce";
const minuteWords: Record<string, number> = {
  fifteen: 15,
  thirty: 30,
  "forty five": 45,
  "forty-five": 45,
  "e meia": 30,
  "y media": 30,
  "and a half": 30,
  "e um quarto": 15,
  "y cuarto": 15,
};
const minuteWord = "fifteen|thirty|forty five|forty-five|e meia|y media|and a half|e um quarto|y cuarto";

function addDays(date: { year: number; month: number; day: number }, days: number) {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const two = (n: number) => String(n).padStart(2, "0");

// "saturday instead of friday", "em vez de sexta", "en vez del viernes", "not friday": the replaced
// day (or time) is dropped before reading, so only the one meant is left.
const replaced =
  /\b(?:instead of|rather than|em vez de|em vez do|em vez da|ao inves de|en vez de|en vez del|en lugar de|en lugar del|not on|not)\s+(?:(?:the|o|a|el|la|on|de|las|as|at)\s+)?(?:\d{1,2}(?:[:h.]\d{2})?\s*(?:am|pm|h)?|[a-z-]+)/g;

// Words that say a value is being corrected: the later of two times is the one meant.
const correcting =
  /\b(actually|no wait|wait|move it to|change it to|cambias|cambiarla|cambiala|cambiamos|mudar para|passar para|pasarla|make it|make that|i mean|or rather|rather|instead|naw|nah|sorry|say|aliás|alias|afinal|quer dizer|digo|mejor|quiero decir|no espera|nao espera|en realidad|dizer|decir|podemos|can we|could we|then|so|asi que|assim|por isso|por eso|entao|entonces|pode ser|puede ser|antes|espera|too early|too late|muito cedo|muito tarde|demasiado pronto|demasiado tarde)\b/;

const notThisOne =
  /^ +(?:(?:feira|que vem) +)?(?:nao|no|not) +(?:esta|este|this|this one) +(?:(?:mas|pero|but) +)?(?:a outra|la otra|el otro|the other|the next|the one after|a seguinte|la siguiente|el siguiente|a proxima|la proxima|el proximo)\b/;

/** The day, time and meal named in `text` (each missing when not said); null when nothing is. */
const holidayNames: Array<[RegExp, string]> = [
  [/\b(?:christmas eve|xmas eve|nochebuena|noche buena|vespera de natal|consoada)\b/g, "24/12"],
  [/\b(?:new year'?s eve|new years eve|nochevieja|noche vieja|vespera de ano novo|passagem de ano)\b/g, "31/12"],
  [/\b(?:new year'?s day|new years day|ano nuevo|dia de ano novo|ano novo)\b/g, "1/1"],
  [/\b(?:christmas day|christmas|xmas|navidad|dia de natal|natal)\b/g, "25/12"],
];

export function readWhenParts(text: string, ctx: WhenContext): WhenParts | null {
  let t = ` ${fold(text).replace(/[!?¿¡,;]+/g, " ")} `;
  // "friday at 8pm - actually saturday instead of friday? ... she's working friday": the replaced
  // weekday is gone wherever it is said.
  for (const m of t.matchAll(replaced)) {
    const day = new RegExp(weekdayPattern.source).exec(m[0]);
    if (day) t = t.replace(weekdayPattern, (w) => (w === day[0] ? " " : w));
  }
  t = t.replace(replaced, " ");
  // "table for 5 the night at 7": in Scotland and Ireland "the night" is tonight, "the morra" tomorrow.
  t = t.replace(
    /(?<!\b(?:all|last|that|per|a|on|for|during|through|of|in|by|at|same|whole|one|every)) the night (?=\s*(?:at |for |\d|please|$))/,
    " tonight ",
  );
  t = t.replace(/ the morra /, " tomorrow ");
  // "Christmas Eve", "Nochebuena", "véspera de Natal", "New Year's Day": the days every calendar names.
  for (const [names, date] of holidayNames) t = t.replace(names, ` ${date} `);
  // "on 12.12. at 20:00", "am 3.12.2026": a day and month as Germans and Dutch write them (the last dot
  // said), read as "12/12" so that no time is taken from them.
  t = t.replace(/\b(\d{1,2})\.(\d{1,2})\.(\d{4})?(?!\d)/g, (m, d: string, mo: string, y?: string) =>
    Number(mo) >= 1 && Number(mo) <= 12 && Number(d) >= 1 && Number(d) <= 31 ? ` ${d}/${mo}${y ? `/${y}` : ""} ` : m,
  );
  // "at like seven thirty", "around about 8", "a eso de las 9", "por volta de umas 8": the hedge goes.
  t = t.replace(/\b(at|around|by|for|as|a las|pelas|para as) (?:like|about|around|roughly|approx|approximately|maybe|tipo|sobre|como) /g, "$1 ");
  // "We're in Lisbon until Sunday ... dinner on Friday": a weekday that ends a stay is not the day meant.
  const days = [...t.matchAll(weekdayPattern)];
  const bounding = days.filter((d) => /\b(?:until|till|til|untill|through|hasta(?: el)?|ate(?: ao| a| o)?)\s+$/.test(t.slice(0, d.index)));
  if (bounding.length && bounding.length < days.length)
    for (const d of bounding.reverse()) t = `${t.slice(0, d.index)}${" ".repeat(d[0].length)}${t.slice(d.index + d[0].length)}`;
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
  // "tomorrow" said after midnight, before sleep ("I know it's late... tomorrow for lunch"): the day now begun.
  else if (/\b(tomorrow|tmrw|tmr|tomorow|tommorow|tommorrow|2morrow|amanha|manana)\b/.test(t) && !correctedToWeekday(t))
    dayOffset = today.hour < 4 ? 0 : 1;
  // "today"/"tonight" beside a weekday ("Saturday at 1:30pm? ... we loved it tonight"): the weekday names the day.
  else if (
    /\b(today|tonight|tonite|2nite|hoje|hj|hoy|this evening|esta noite|esta noche|logo a noite)\b/.test(t) &&
    !new RegExp(weekdayPattern.source).test(t)
  )
    dayOffset = 0;
  // "in two days", "daqui a 3 dias", "dentro de dos días"
  const inDays = /\b(?:in|daqui a|dentro de|en) (\d|two|three|four|dois|tres|quatro|dos|cuatro) (?:days|dias)\b/.exec(t);
  if (dayOffset === null && inDays) dayOffset = numberWords[inDays[1]] ?? Number(inDays[1]);
  if (dayOffset !== null) out.date = isoDate(addDays(today, dayOffset));

  if (!out.date) {
    const pick = (day: number, month: number, year?: number) => {
      if (day < 1 || day > 31 || month < 1 || month > 12) return;
      let y = year ?? today.year;
      if (y < 100) y += 2000;
      // A date without a year that has passed this year is next year's.
      if (!year && (month < today.month || (month === today.month && day < today.day))) y += 1;
      out.date = isoDate({ year: y, month, day });
    };
    // "25/12", "25-12-2026", and "12.12." or "12.12.2026" as Germans and Dutch write it (the last dot said).
    const numeric = /\b(\d{1,2})[/-](\d{1,2})(?:[/-](\d{2,4}))?\b/.exec(t);
    const dayMonth = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|º)?\\s+(?:de\\s+|of\\s+)?(${monthPattern})\\b`).exec(t);
    const monthDay = new RegExp(`\\b(${monthPattern})\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`).exec(t);
    // "el jueves 3", "saturday 5th": a weekday and its day of the month, when they agree.
    const datedPattern = new RegExp(
      `(?:${weekdayPattern.source})\\s+(\\d{1,2})(?:st|nd|rd|th|º)?\\b(?!\\s*(?:h\\b|pm|am|people|pessoas|personas|pax|ppl)|[.:]\\d)`,
      "g",
    );
    // "el martes 1 a las 11? Ay no, perdón, ... mejor el miércoles 2": the one said after a correcting word.
    const allDated = [...t.matchAll(datedPattern)];
    const firstDated = allDated[0];
    const lastDated = allDated.at(-1);
    const dated =
      firstDated && lastDated && lastDated !== firstDated && correcting.test(t.slice(firstDated.index + firstDated[0].length, lastDated.index))
        ? lastDated
        : firstDated;
    const weekdayDay = dated ? Number(dated[dated.length - 1]) : null;
    if (dated && weekdayDay && weekdayDay >= 1 && weekdayDay <= 31) {
      const weekday = dated.slice(1, -1).findIndex(Boolean);
      const month = weekdayDay >= today.day ? today.month : today.month + 1;
      const date = month > 12 ? { year: today.year + 1, month: 1, day: weekdayDay } : { year: today.year, month, day: weekdayDay };
      if (weekdayOf(date) === weekday) out.date = isoDate(date);
    }
    const theDay = /\b(?:the|dia|el|on the)\s+(\d{1,2})(?:st|nd|rd|th|º)?\b(?!\s*(?:h|:|pm|am|people|pessoas|personas))/.exec(t);
    if (out.date) {
      // the weekday's own day of the month
    } else if (numeric) pick(Number(numeric[1]), Number(numeric[2]), numeric[3] ? Number(numeric[3]) : undefined);
    else if (dayMonth) pick(Number(dayMonth[1]), months[dayMonth[2]]);
    else if (monthDay) pick(Number(monthDay[2]), months[monthDay[1]]);
    else if (theDay) {
      const day = Number(theDay[1]);
      const month = day >= today.day ? today.month : today.month + 1;
      if (month > 12) pick(day, 1, today.year + 1);
      else pick(day, month);
    }
  }

  // "sábado, 5 de dezembro": the date said wins over its weekday.
  if (!out.date) {
    // The first weekday said (the replaced one is gone already), or the last one when a correction comes
    // between them ("sábado às 21h. Ah não, afinal domingo", "Friday... actually make it Saturday").
    // The weekday that follows the correcting word is the one meant, not a later one said of something else.
    const all = [...t.matchAll(weekdayPattern)];
    // "make it Saturday instead, ... she's working on Friday": a correcting word right after the first
    // weekday is that weekday's own, and a later one is said of something else.
    const afterFirst = all.length > 1 ? t.slice(all[0].index + all[0][0].length) : "";
    const ownFix = /^\s*(?:instead|then|rather|entao|entonces|mejor|em vez disso|en su lugar)\b/.test(afterFirst);
    const fix = all.length > 1 && !ownFix ? correcting.exec(afterFirst) : null;
    const at = fix ? all[0].index + all[0][0].length + fix.index : -1;
    let m = (fix && all.find((w) => w.index > at && w[0] !== all[0][0])) || all[0];
    // "sábado... não, pera, o jogo é domingo 😂 então sábado às 21h mesmo": a weekday right after the last
    // correcting word settles it, even back to the first one.
    // "I always forget you're closed on Mondays. Tuesday then, same time": the weekday said with "then"
    // or "instead" is the one settled on.
    const settledWith = all.filter((w) => /^\s+(?:then|instead|entao|entonces|en su lugar|rather)\b/.test(t.slice(w.index + w[0].length))).at(-1);
    if (all.length > 1 && settledWith) m = settledWith;
    if (all.length > 2) {
      const fixes = [...t.matchAll(new RegExp(correcting.source, "g"))];
      const last = fixes.at(-1);
      const settled = last && all.find((w) => w.index >= last.index + last[0].length && /^\s*$/.test(t.slice(last.index + last[0].length, w.index)));
      if (settled) m = settled;
    }
    if (m) {
      const weekday = m.slice(1).findIndex(Boolean);
      // "next friday" and a bare "friday" both mean the coming one; said on a Friday, "next friday" is a week on.
      const before = t.slice(0, m.index);
      const next = /\b(next|proxima|proximo|que vem)\s*$/.test(before) || /^\s+(que vem|proxima|proximo|next)\b/.test(t.slice(m.index + m[0].length));
      let ahead = (weekday - today.weekday + 7) % 7;
      if (ahead === 0 && next) ahead = 7;
      // "sexta, não esta, a outra", "el viernes, no este, el siguiente", "friday, not this one, the next": a week on.
      if (notThisOne.test(t.slice(m.index + m[0].length))) ahead += 7;
      out.date = isoDate(addDays(today, ahead));
      if (ahead === 0) out.sameWeekday = true;
    }
  }

  const time = readTime(t, morning, out.meal, ctx.daytime === true);
  if (time) out.time = time;
  // Saturday 13:00 said on a Saturday evening: next Saturday.
  if (out.sameWeekday && out.date && out.time) rollPastWeekday(out, ctx);
  return out.date || out.time || out.meal ? out : null;
}

/** "she's on a late shift tomorrow. Can we move it to Sunday?": a weekday after a correcting word replaces "tomorrow". */
function correctedToWeekday(t: string): boolean {
  const tomorrow = /\b(tomorrow|tmrw|tmr|tomorow|tommorow|tommorrow|2morrow|amanha|manana)\b/.exec(t);
  if (!tomorrow) return false;
  const after = t.slice(tomorrow.index + tomorrow[0].length);
  const fix =
    correcting.exec(after) ?? /\b(?:move it to|move to|change it to|mudar para|passar para|cambiar(?:la)? al?|pasar(?:la)? al?)\b/.exec(after);
  return !!fix && new RegExp(weekdayPattern.source).test(after.slice(fix.index));
}

/** A bare weekday that is today, with a time already past: the same weekday next week. */
export function rollPastWeekday(parts: WhenParts, ctx: WhenContext): void {
  if (!parts.sameWeekday || !parts.date || !parts.time) return;
  if (new Date(toIso(parts.date, parts.time, ctx.timeZone)).getTime() > ctx.now.getTime()) return;
  const [year, month, day] = parts.date.split("-").map(Number);
  parts.date = isoDate(addDays({ year, month, day }, 7));
  delete parts.sameWeekday;
}

type Mention = { at: number; hour: number; minute: number; suffix: string };

// Times said of something else than the table: "the show ends at 22:15", "saio do trabalho às 19h30".
const elsewhere =
  /\b(ends?|ending|finish(?:es)?|is over|leave|leaving|get off|get out|off work|lands?|landing|till|until|untill|saio|sai|saimos|sair|acaba|acabo|termina|termino|terminamos|ate|salgo|sale|salimos|aterra|aterriza|aterrizo|hasta)\b(?:\s+\S+){0,6}\s*$/;

/** Every time said, in order, each with where it starts. */
function timeMentions(t: string, daytime: boolean): Mention[] {
  const found: Mention[] = [];
  const add = (at: number, hour: number, minute: number, suffix: string) => {
    if (found.some((f) => Math.abs(f.at - at) < 3)) return;
    found.push({ at, hour, minute, suffix });
  };
  // "930 pm", "1030pm": hours and minutes run together before am/pm.
  for (const m of t.matchAll(/\b(\d{1,2})([0-5]\d)\s*(am|pm)\b/g)) add(m.index, Number(m[1]), Number(m[2]), m[3]);
  // 20:00, 8:30pm, 20h, 20h30, 8.30pm
  for (const m of t.matchAll(/\b(\d{1,2})(?::|h|\.)(\d{2})\s*(am|pm|p\.m\.|a\.m\.)?(?!\d)/g)) add(m.index, Number(m[1]), Number(m[2]), m[3] ?? "");
  // "2 30", "8 45pm": an hour and its quarter minutes with a space, as typed on a phone keyboard.
  for (const m of t.matchAll(
    /\b(\d{1,2}) (15|30|45)\s*(am|pm)?\b(?!\s*(?:people|pessoas|personas|persons|pax|guests|min|mins|minutes|minutos|of us|de nos))/g,
  ))
    if (Number(m[1]) >= 1 && Number(m[1]) <= 12) add(m.index, Number(m[1]), Number(m[2]), m[3] ?? "");
  // 8pm, 8 pm, 20h, 9 o'clock, 9ish
  for (const m of t.matchAll(/\b(\d{1,2})\s*(am|pm|p\.m\.|a\.m\.|h|hrs|horas|hs|o'?clock|-?ish)\b/g))
    add(m.index, Number(m[1]), 0, /ish/.test(m[2]) ? "" : m[2]);
  // "one o'clock", "eight o'clock"
  for (const m of t.matchAll(new RegExp(`\\b(${hourWord})\\s*o'?\\s?clock\\b`, "g"))) add(m.index, numberWords[m[1]], 0, "");
  // "half 8" (half past eight), "half past 8", "quarter past 8", "quarter to 9"
  for (const m of t.matchAll(new RegExp(`\\b(half past|half|quarter past|quarter to)\\s+(\\d{1,2}|${hourWord})\\b(?:\\s*(am|pm))?`, "g"))) {
    const hour = numberWords[m[2]] ?? Number(m[2]);
    const to = m[1] === "quarter to";
    add(m.index + m[0].indexOf(m[2]), to ? hour - 1 : hour, m[1].startsWith("half") ? 30 : to ? 45 : 15, m[3] ?? "");
  }
  // at 8, às 8, as 20, a las 9, pelas 8, by 8
  for (const m of t.matchAll(
    /\b(?:at|as|a las|a la|pelas|por volta das|around|by|after|from|para las|para as|pras|las|tipo|depois das|a partir das|despues de las|a partir de las|@)\s*(\d{1,2})\b(?!\s*(?:people|pessoas|personas|persons|pax|guests|de\s+(?!la\b|da\b|manha|noche|tarde|noite)|\/|-))/g,
  ))
    add(m.index + m[0].lastIndexOf(m[1]), Number(m[1]), 0, "");
  // "domingo almoço, 2 da tarde", "9 de la noche": an hour before the part of the day, said alone.
  for (const m of t.matchAll(/(?:^|[\s,.;])(\d{1,2})\s+(?=(?:da|de la|in the)\s+(?:tarde|noite|noche|manha|madrugada|afternoon|evening)\b)/g))
    add(m.index + m[0].indexOf(m[1]), Number(m[1]), 0, "");
  // "à 1 da tarde", "a las 1 de la tarde" written "a 1 de la tarde"
  for (const m of t.matchAll(/\ba\s+(\d{1,2})\s+(?=(?:da|de la|de)\s+(?:tarde|noite|noche|manha|madrugada)\b)/g))
    add(m.index + 2, Number(m[1]), 0, "");
  // "à uma da tarde", "a las una de la tarde" written "a una de la tarde": an hour in words before the part of the day.
  for (const m of t.matchAll(
    new RegExp(
      `\\ba\\s+(${hourWord})\\s+(?=(?:(?:e|y)\\s+(?:meia|media|um quarto|cuarto|quinze|quince)\\s+)?(?:da|de la|de)\\s+(?:tarde|noite|noche|manha|madrugada)\\b)`,
      "g",
    ),
  ))
    add(m.index + 2, numberWords[m[1]], 0, "");
  // at eight, às oito e meia, a las dos y media, at eight thirty
  for (const m of t.matchAll(
    new RegExp(
      `\\b(?:at|as|a las|a la|pelas|pras|para las|around|about|by|tipo|after|from|a partir de las|a partir das|depois das|despues de las|@)\\s+(${hourWord})\\b(?:\\s+(${minuteWord})\\b)?`,
      "g",
    ),
  ))
    add(m.index + m[0].indexOf(m[1], 2), numberWords[m[1]], m[2] ? minuteWords[m[2]] : 0, "");
  // "wednesday evening maybe 6", "el lunes sobre las 10", "sexta lá para as 5": an hour hedged, when no
  // other time is said ("in about 6 years... tomorrow at 5pm"). Only of an appointment's day: a table's
  // "for maybe 6" is its party.
  if (daytime && !found.length)
    for (const m of t.matchAll(
      /\b(?:maybe|perhaps|say|like|about|roughly|approx|sobre las|hacia las|quizas a las|tal vez a las|la para as|la pras|talvez as|umas|unas)\s+(\d{1,2})\b(?!\s*(?:people|pessoas|personas|persons|pax|guests|of us|de\s+(?!la\b|da\b|manha|noche|tarde|noite)|\/|-|min|hours?|horas|minutes|minutos|days?|dias|weeks?|semanas|months?|meses|years?|anos|yrs))/g,
    ))
      add(m.index + m[0].lastIndexOf(m[1]), Number(m[1]), 0, "");
  // "8 e meia", "9 y media", "8 and a half"
  for (const f of found) {
    if (f.minute) continue;
    const after = t.slice(f.at).replace(/^(?:\d{1,2}|[a-z]+)\s*/, "");
    if (/^(e meia|y media|and a half)\b/.test(after)) f.minute = 30;
    else if (/^(e quinze|y quince|e um quarto|y cuarto)\b/.test(after)) f.minute = 15;
    // "a las 9 menos cuarto", "às 9 menos um quarto": a quarter before.
    else if (/^menos (cuarto|um quarto|quarto)\b/.test(after)) {
      f.hour -= 1;
      f.minute = 45;
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

function readTime(t: string, morning: boolean, meal: WhenParts["meal"], daytime: boolean): string | null {
  // "ao meio-dia e meia", "a mediodía y cuarto", "half twelve" (no digits said): noon and its minutes.
  const noon = /\b(?:noon|midday|meio dia|meio-dia|mediodia)\b(?:\s+(e meia|y media|and a half|e um quarto|e quinze|y cuarto|y quince))?/.exec(t);
  const mentions = timeMentions(t, daytime).filter((m) => m.hour <= 24 && m.minute <= 59);
  // Noon with no time said in digits ("mesa pa 10 domingo ao meio-dia": the 10 is the party).
  if (noon && !mentions.length) return noon[1] ? `12:${/meia|media|half/.test(noon[1]) ? "30" : "15"}` : "12:00";
  if (!mentions.length) return null;
  // "we land at 18:00 so 20:00 works": a verb of something else names the first time after it, not the next.
  const own = mentions.filter((m) => {
    const verb = elsewhere.exec(t.slice(0, m.at));
    return !verb || mentions.some((o) => o.at < m.at && o.at > verb.index);
  });
  let chosen: Mention;
  let after = false;
  if (!own.length) {
    // Only a time of something else: the table is after it.
    chosen = mentions[mentions.length - 1];
    after = true;
  } else {
    // "14:00, no wait 14:30", "I leave at 14:30, can we say 14:50?": the later one, once corrected.
    const last = own[own.length - 1];
    chosen = own.length > 1 && correcting.test(t.slice(own[0].at, last.at)) ? last : own[0];
  }
  // "whatever's the first one after 9:15", "right after 21:00": a bound, so the next half hour after it.
  // "after 9" stays 21:00, as said; "after 9:15" is the half hour after it.
  if (
    chosen.minute % 30 !== 0 &&
    /\b(?:after|right after|just after|depois das|depois da|despues de las|despues de la)\s*$/.test(t.slice(0, chosen.at))
  )
    after = true;
  let { hour, minute } = chosen;
  const { suffix } = chosen;
  const pm = /p/.test(suffix) || /\b(da noite|de la noche|da tarde|de la tarde|in the evening|at night)\b/.test(t);
  const am = /a/.test(suffix) || morning;
  if (pm && hour < 12) hour += 12;
  else if (!am && !pm && hour >= 1 && hour <= 11 && daytime) {
    // An appointment is kept in the working day: "at 9" and "half 11" are the morning, "at 5" and "at 7" the afternoon.
    if (hour <= 7) hour += 12;
  } else if (!am && !pm && hour >= 1 && hour <= 11) {
    // A restaurant: "at 8" is the evening; "at 1" at lunch is 13:00; an hour said with "h" in pt/es is 24-hour.
    if (!(suffix === "h" && hour >= 9 && meal !== "dinner")) hour += 12;
    if (meal === "lunch" && hour > 15 && hour - 12 >= 11) hour -= 12;
  }
  if (hour === 24) hour = 0;
  if (after) {
    // The next half hour after it: 22:15 -> 22:30, 22:00 -> 22:30.
    const next = Math.floor((hour * 60 + minute) / 30) * 30 + 30;
    if (next >= 24 * 60) return null;
    hour = Math.floor(next / 60);
    minute = next % 60;
  }
  return `${two(hour)}:${two(minute)}`;
}

/** The ISO date-time (business offset) of a day and a time; both needed. */
export function toIso(date: string, time: string, timeZone: string): string {
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  return isoInZone(zonedInstant(timeZone, { year, month, day, hour, minute }), timeZone);
}

/** The weekday of a calendar date, Monday 0 (as `wallClock`'s). */
function weekdayOf(date: { year: number; month: number; day: number }): number {
  return (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
}

// "Si el lunes cerráis, pues el martes a la misma hora", "if you're closed on monday then tuesday": the day
// the customer gives for the case the first one cannot be had.
const ifClosed =
  /\b(?:si|if|se|caso)\s+(?:(?:el|o|a|on|the)\s+)?(?:[a-z]+\s+)?(?:cerrais|cierran|estais cerrados|estan cerrados|esta cerrado|you re closed|youre closed|you are closed|are closed|is closed|estao fechados|fecham|estiver fechado|estiverem fechados|esta fechado|no abris|no abren|nao abrem|don t open|dont open)\b/;

/** The day (and time) said for the case the first is closed, or null when the message gives none. */
export function fallbackDay(text: string, ctx: WhenContext): WhenParts | null {
  const n = normalize(text);
  const m = ifClosed.exec(n);
  if (!m) return null;
  const parts = readWhenParts(n.slice(m.index + m[0].length), ctx);
  return parts?.date ? parts : null;
}

// "in half an hour", "in 20 mins", "daqui a meia hora", "dentro de una hora", "en 15 minutos": a wait from now.
const waitWords: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  uma: 1,
  um: 1,
  una: 1,
  un: 1,
  five: 5,
  cinco: 5,
  ten: 10,
  dez: 10,
  diez: 10,
  fifteen: 15,
  quinze: 15,
  quince: 15,
  twenty: 20,
  vinte: 20,
  veinte: 20,
  thirty: 30,
  trinta: 30,
  treinta: 30,
  forty: 40,
  quarenta: 40,
  cuarenta: 40,
  two: 2,
  duas: 2,
  dos: 2,
};
const waitOpener = "(?:in|within|daqui a|daqui|dentro de|em|en)";
const halfHour = new RegExp(`\\b${waitOpener} (?:about |around |like |uns |unos )?(?:half an hour|half hour|meia hora|media hora)\\b`);
const hoursWait = new RegExp(
  `\\b${waitOpener} (?:about |around |like |umas |unas )?(\\d{1,2}|an|one|uma|una|two|duas|dos) (?:hour|hours|hr|hrs|hora|horas)( and a half| e meia| y media)?\\b`,
);
const minutesWait = new RegExp(
  `\\b${waitOpener} (?:about |around |like |uns |unos )?(\\d{1,3}|five|cinco|ten|dez|diez|fifteen|quinze|quince|twenty|vinte|veinte|thirty|trinta|treinta|forty|quarenta|cuarenta) ?(?:min|mins|minute|minutes|minuto|minutos|minutitos)\\b`,
);

/** Minutes from now said as a wait ("I'll come get them in half an hour"); null when none is said. */
export function minutesFromNow(text: string): number | null {
  const t = normalize(text);
  if (halfHour.test(t)) return 30;
  const h = hoursWait.exec(t);
  if (h) {
    const n = /^\d+$/.test(h[1]) ? Number(h[1]) : (waitWords[h[1]] ?? 1);
    return n * 60 + (h[2] ? 30 : 0);
  }
  const m = minutesWait.exec(t);
  if (m) {
    const n = /^\d+$/.test(m[1]) ? Number(m[1]) : (waitWords[m[1]] ?? 0);
    return n > 0 && n <= 240 ? n : null;
  }
  return null;
}
