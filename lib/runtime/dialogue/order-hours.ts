import "server-only";
import { openingLabel } from "../../businesses/hours";
import { hasNoHours, isOpenAt, nextOpening, openRangesOn } from "../../businesses/hours-rules";
import { now } from "../../time/clock";
import { wallClock } from "../../time/time-zone";
import { list, phrases, weekdayName } from "../base/phrases";
import { reply } from "../base/reply";
import type { SkillRun } from "../engine/run-state";
import { factQuestion } from "../understanding/fact-questions";
import { minutesFromNow, readWhenParts, toIso } from "../understanding/when";

// When an order is to be collected (or brought) at a time the business is closed ("I'll come get them
// in half an hour" ten minutes before closing, "I will collect tomorrow Sunday at 11"), the customer is
// told at once: the day's hours, or, on a day the business is closed, when it opens again. The order
// goes on as before; nothing here refuses it or changes it.

// What was said last, so the same words are not said again while the customer answers other questions.
const SAID = "$hoursSaid";

/** Says the business's hours when the message names a time to get the order at which it is closed. */
export async function sayClosedForOrder(run: SkillRun, text: string): Promise<void> {
  const { turn } = run;
  if (hasNoHours(turn.hours)) return;
  if (!run.graph.nodes.some((n) => n.type === "catalog" && n.data.cart === true)) return;
  // "can I collect on Sunday? are you open then?": the hours asked are answered as a question already.
  if (factQuestion(text)?.topics.includes("hours")) return;
  const at = now();
  const wait = minutesFromNow(text);
  let instant: Date | null = wait !== null ? new Date(at.getTime() + wait * 60_000) : null;
  let day: string | null = null;
  if (!instant) {
    const parts = readWhenParts(text, { timeZone: turn.timeZone, now: at, daytime: true });
    if (parts?.date && parts.time) instant = new Date(toIso(parts.date, parts.time, turn.timeZone));
    else if (parts?.date) day = parts.date;
  }
  const p = phrases[run.lang];
  let said: string | null = null;
  if (instant) {
    if (instant.getTime() <= at.getTime() || isOpenAt(turn.hours, turn.timeZone, instant)) return;
    const w = wallClock(instant, turn.timeZone);
    const ranges = openRangesOn(turn.hours, w);
    said = ranges.length ? p.closedAt(list(ranges, p.and)) : closedAllDay(run, w.weekday, instant);
  } else if (day) {
    const [year, month, date] = day.split("-").map(Number);
    if (openRangesOn(turn.hours, { year, month, day: date }).length) return;
    const start = new Date(toIso(day, "00:00", turn.timeZone));
    said = closedAllDay(run, wallClock(start, turn.timeZone).weekday, start);
  }
  if (!said || run.variables[SAID] === said) return;
  run.variables[SAID] = said;
  await reply(turn, said);
}

/** "We're closed on Sunday. We open again Monday 10:00." */
function closedAllDay(run: SkillRun, weekday: number, from: Date): string {
  const { turn } = run;
  const p = phrases[run.lang];
  const next = nextOpening(turn.hours, turn.timeZone, from);
  const again = next ? p.opensAgain(openingLabel(next.at, turn.timeZone, run.lang, now())) : "";
  return [p.closedDay(weekdayName(weekday, run.lang)), again].filter(Boolean).join(" ");
}
