import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { weekdayKeys } from "../../businesses/hours-rules";
import type { Db } from "../../db/client";
import { memoInTurn } from "../base/turn-memo";
import { businesses, staffMembers } from "../../db/schema";
import type { Language } from "../../language";
import { now } from "../../time/clock";
import { isoDate, wallClock } from "../../time/time-zone";
import { type MessageKey, t } from "../messages";
import { staffQuestion } from "../understanding/staff-questions";
import { locales, rangesIn, weekLines } from "./facts-writer";
import { namedStaff, serviceName, serviceNamedIn, serviceStaffMembers } from "./service-search";

// The answer to a question about the staff (understanding/staff-questions.ts), from the staff members'
// own weekly hours and time off and the services' performers, never from a text: "is marco in on
// saturdays?" is "On Saturday Marco works 10:00–14:00."; "A Rita trabalha à segunda?" says she does
// not and which days she does; "¿la revisión la hace la doctora Gómez?" says yes, or who does it.
// Null when the message asks no such thing or names nobody the business has.

export type StaffReply = { text: string; context: string };

const DAY = 86_400_000;

/** Worked out once per question within a pass of a turn (base/turn-memo.ts): routing asks it first. */
export function staffReply(db: Db, businessId: string, question: string, language: Language, at: Date = now()): Promise<StaffReply | null> {
  const asked = staffQuestion(question);
  if (!asked) return Promise.resolve(null);
  // The answer reads the day from `at` ("is Ana working tomorrow?"): calls within a minute share it.
  const key = JSON.stringify(["staff", businessId, question, language, Math.floor(at.getTime() / 60_000)]);
  return memoInTurn(db, key, () => answerAboutStaff(db, businessId, question, language, at, asked));
}

async function answerAboutStaff(
  db: Db,
  businessId: string,
  question: string,
  language: Language,
  at: Date,
  asked: NonNullable<ReturnType<typeof staffQuestion>>,
): Promise<StaffReply | null> {
  const staff = await db
    .select({ id: staffMembers.id, name: staffMembers.name, weekly: staffMembers.weekly, timeOff: staffMembers.timeOff })
    .from(staffMembers)
    .where(and(eq(staffMembers.businessId, businessId), eq(staffMembers.active, true)))
    .orderBy(asc(staffMembers.id));
  if (!staff.length) return null;
  const named = namedStaff(question, staff);
  const person = named ? staff.find((s) => s.id === named.id) : undefined;
  const say = (key: MessageKey, vars: Record<string, string> = {}) => t(language, key, vars);
  const locale = locales[language];
  const list = (items: string[]) => new Intl.ListFormat(locale, { style: "long", type: "disjunction" }).format(items);

  if (asked.kind === "performs") {
    // "do you do highlights?" asks the business (its price answers it), not a person.
    if (!asked.who && !person) return null;
    const service = await serviceNamedIn(db, businessId, question);
    if (!service) return null;
    const performers = await serviceStaffMembers(db, businessId, service.id);
    if (!performers.length) return null;
    const vars = { service: serviceName(service, language), names: list(performers.map((p) => p.name)) };
    let text = say("staff.who", vars);
    if (person) {
      text = performers.some((p) => p.id === person.id)
        ? say("staff.does", { ...vars, name: person.name })
        : `${say("staff.doesNot", { ...vars, name: person.name })} ${text}`;
    }
    return { text, context: text };
  }

  if (!person) return null;
  const [business] = await db.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
  if (!business) return null;
  const today = wallClock(at, business.timeZone);
  const todayUtc = Date.UTC(today.year, today.month - 1, today.day);
  // Each day asked, as the next date it falls on: a weekday from today on, or today or tomorrow.
  const offsets =
    asked.relative !== null ? [asked.relative] : asked.weekdays.map((weekday) => (weekday - ((new Date(todayUtc).getUTCDay() + 6) % 7) + 7) % 7);
  const lines: string[] = [];
  let missing = false;
  for (const offset of offsets) {
    const date = new Date(todayUtc + offset * DAY);
    const iso = isoDate({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
    const weekday = (date.getUTCDay() + 6) % 7;
    const day = say(
      offset === 0 && asked.relative === 0
        ? "facts.day.today"
        : offset === 1 && asked.relative === 1
          ? "facts.day.tomorrow"
          : (`facts.day.${weekdayKeys[weekday]}` as MessageKey),
    );
    const ranges = person.weekly[weekdayKeys[weekday]] ?? [];
    const away = person.timeOff.some((off) => off.from <= iso && iso <= off.to);
    if (ranges.length && away) {
      const label = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", timeZone: "UTC" }).format(date);
      lines.push(say("staff.away", { day, date: label, name: person.name }));
      missing = true;
    } else if (ranges.length) lines.push(say("staff.worksOn", { day, name: person.name, ranges: rangesIn(locale, ranges) }));
    else {
      lines.push(say("staff.offOn", { day, name: person.name }));
      missing = true;
    }
  }
  // "when does Ana work?", or a day they are not in: the days they are.
  if (!lines.length || missing) {
    const week = weekLines(language, person.weekly).filter((l) => !l.endsWith(`: ${t(language, "facts.hours.closed")}`));
    if (week.length) lines.push(`${say("staff.week", { name: person.name })}\n${week.join("\n")}`);
  }
  if (!lines.length) return null;
  const text = lines.join(" ");
  return { text, context: text };
}
