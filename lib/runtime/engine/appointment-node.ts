import "server-only";
import { bookAppointment, updateAppointment } from "../../appointments/appointments";
import { appointmentNames, writeAppointmentRecord } from "../../appointments/appointment-record";
import { and, eq, inArray } from "drizzle-orm";
import { weekdayKeys } from "../../businesses/hours-rules";
import { staffMembers } from "../../db/schema";
import { AppError } from "../../errors";
import type { TypedNode } from "../../shared/graph-schema";
import { now } from "../../time/clock";
import { formatDateTime } from "../../shared/locale-format";
import { localeOf } from "../base/phrases";
import { reply } from "../base/reply";
import { t } from "../messages";
import { namedStaff, offerableServices, serviceName, serviceStaffMembers, staffNamedOrReferred } from "../retrieval/service-search";
import { normalize, words } from "../understanding/text-match";
import { asksEarliest, localDay, readTimeRange, type TimeRange } from "../understanding/time-range";
import { wallClock } from "../../time/time-zone";
import { readWhenParts } from "../understanding/when";
import { type OfferedTime, nearestTimes, timeLabel, widened } from "./appointment-offer";
import { numberedOptions, pickOption } from "./choice";
import { renderMessage } from "./render";
import { ALSO_SAID, ASKED_PART, ASKED_TIME, EXTRAS, localized, MOVING, type SkillRun, STAFF, type Step, TIMES } from "./run-state";
import { type Extra, extrasIn } from "./appointment-extras";
import type { ChosenService } from "./service-node";

// An `appointment` node offers the nearest free times of the service a `service` node chose, for the
// person the customer asked for ("with Ana") and the day or range they said ("next week, mornings",
// "sábado de manhã"), as a WhatsApp list of at most 10 rows. The time picked is booked through
// lib/appointments (its recheck and the exclusion constraint guard it): a time taken meanwhile is said
// and the next free times are offered. The booking writes its `appointments` record (record.created),
// and the node leaves by `booked` with the appointment in `variable`. When the session moves an
// appointment the customer already has ("can I move my appointment to Friday?"), the pick moves it
// instead (record.updated) and the skill ends there. Nothing to offer, or no pick after two re-offers: `none`.

const MAX_REOFFERS = 2;
const sameTime = /\b(?:same time|a la misma hora|misma hora|a mesma hora|mesma hora|mesmo horario|mismo horario)\b/;

/** What a skill keeps of the booked appointment: `{{appointment.start}}`, `{{appointment.staff}}`... */
export type BookedAppointment = { id: string; title: string; service: string; staff: string; start: string; end: string; status: string };
// The service the times offered are for: a service changed since gets its own.
const TIMES_OF = "$timesOf";

const anyOfThem =
  /\b(?:any of them|any of those|any is fine|any one is fine|whichever|qualquer uma|qualquer um|qualquer delas|qualquer hora|tanto faz|cualquiera|la que sea|el que sea|me da igual)\b/;

type Moving = { id: string; staffId: string; date: string; time?: string; service: string; keepTime?: boolean };

export async function appointmentNode(run: SkillRun, node: TypedNode<"appointment">, answering: boolean): Promise<Step> {
  const { turn } = run;
  const service = run.variables[node.data.service] as Partial<ChosenService> | undefined;
  if (typeof service?.id !== "string") return { kind: "next", handle: "none" };
  const staff = await serviceStaffMembers(turn.db, turn.businessId, service.id);
  const named = staffNamedOrReferred(turn.message.text, turn.loaded?.previousInboundText, staff);
  if (named) run.variables[STAFF] = named;
  const moving = run.variables[MOVING] as Moving | undefined;
  if (answering) {
    const offered = Array.isArray(run.variables[TIMES]) ? (run.variables[TIMES] as OfferedTime[]) : [];
    // "a las 4", "10 is good": a time of day, not the list's fourth or tenth row.
    const byClock = pickByClock(turn.message.text, offered, turn.timeZone);
    if (typeof byClock === "number") return take(run, node, service as ChosenService, offered[byClock]);
    const picked = byClock === "another" ? null : pickOption(turn.message.text, turn.message.content, labels(run, offered));
    if (picked !== null) return take(run, node, service as ChosenService, offered[picked]);
    // Another day, time or person said instead of a pick is a new offer; anything else is a retry.
    const saysWhen = readWhenParts(turn.message.text, { timeZone: turn.timeZone, now: now() }) !== null;
    // "any of them, the earliest", "qualquer uma", "la que sea": the first time offered.
    if (offered.length && !saysWhen && !named && (asksEarliest(turn.message.text) || anyOfThem.test(normalize(turn.message.text))))
      return take(run, node, service as ChosenService, offered[0]);
    if (!saysWhen && !named) {
      if (run.retries >= MAX_REOFFERS) return { kind: "next", handle: "none" };
      run.retries += 1;
      return offer(run, node, offered, null);
    }
  } else {
    run.retries = 0;
    // "2 men's cuts, me and my brother", "un corte de mujer y una manicura": the others, booked with the first.
    if (!moving && run.variables[EXTRAS] === undefined) {
      const request = turn.loaded?.previousInboundText ?? "";
      const extras = await extrasIn(turn, turn.message.text, service as ChosenService);
      run.variables[EXTRAS] = extras.length || !request ? extras : await extrasIn(turn, request, service as ChosenService);
    }
    // "una pregunta, ¿aceptáis bizum?" while times were offered: the question answered, the same times
    // again (not the nearest from now), unless the message says another day, time or person.
    const offered = Array.isArray(run.variables[TIMES]) ? (run.variables[TIMES] as OfferedTime[]) : [];
    const saysWhen = readWhenParts(turn.message.text, { timeZone: turn.timeZone, now: now() }) !== null;
    if (offered.length && run.variables[TIMES_OF] === service.id && !saysWhen && !named && !moving) return offer(run, node, offered, null);
  }
  // "A las 17h" answering the times offered for Friday: a time said alone is on the day of those times
  // (a day said with it is that day, as read without them: "then Thursday at 9").
  const offeredDay = answering && Array.isArray(run.variables[TIMES]) ? (run.variables[TIMES] as OfferedTime[])[0]?.start : undefined;
  const whenSaid = readWhenParts(turn.message.text, { timeZone: turn.timeZone, now: now(), daytime: true });
  const saidDay = whenSaid?.date;
  const offeredLocal = offeredDay ? localDay(new Date(offeredDay), turn.timeZone) : undefined;
  // "Então quarta, à mesma hora" answering Wednesday 2nd's times, said on a Wednesday: that Wednesday.
  const sameWeekday = saidDay && offeredLocal && new Date(`${saidDay}T12:00Z`).getUTCDay() === new Date(`${offeredLocal}T12:00Z`).getUTCDay();
  // "quinta" answering the times offered for next week: that week's Thursday (the one nearest to them).
  const dayAlone = Boolean(saidDay && !whenSaid?.time);
  const base = moving?.date ?? (offeredLocal && (!saidDay || sameWeekday || dayAlone) ? offeredLocal : undefined);
  let range = readTimeRange(turn.message.text, { timeZone: turn.timeZone, now: now() }, base);
  // "um corte na sexta às 16h com a Rita?", then "Marta Lopes, muito obrigada" picking the service: the day,
  // time and person of the request the service question interrupted.
  const request = turn.loaded?.previousInboundText ?? null;
  if (!answering && !range.said && !named && !moving && request) {
    range = readTimeRange(request, { timeZone: turn.timeZone, now: now() });
    const before = namedStaff(request, staff);
    if (before) run.variables[STAFF] = before;
  }
  // "con el Dr. Ruiz mejor": only the person changes, so the same day and time are asked of them.
  if (!answering && !range.said && moving?.keepTime && moving.time)
    range = readTimeRange(moving.time, { timeZone: turn.timeZone, now: now() }, moving.date);
  // "al jueves a la misma hora": the time of the appointment being moved.
  if (!range.time && moving?.time && sameTime.test(normalize(turn.message.text))) range.time = moving.time;
  // "Tuesday then, same time" after no free time on the Monday at 11 asked for: 11 on Tuesday.
  const asked = run.variables[ASKED_TIME];
  if (!range.time && answering && typeof asked === "string" && sameTime.test(normalize(turn.message.text))) range.time = asked;
  if (range.time) run.variables[ASKED_TIME] = range.time;
  // "next week, afternoons", then "Thursday": Thursday afternoon.
  const part = run.variables[ASKED_PART];
  if (answering && !range.part && !range.time && typeof part === "string") range.part = part as TimeRange["part"];
  if (range.part) run.variables[ASKED_PART] = range.part;
  return offerFor(run, node, service as ChosenService, range, null);
}

// A time said as one: "at 4", "a las 4", "às 10h", "4pm", "16:30", "around 10".
const clockSaid =
  /\b(?:at|a las|a la|as|pelas|por volta das|sobre las|around|about|tipo)\s+\d{1,2}\b|\b\d{1,2}\s*(?:am|pm|h)\b|\b\d{1,2}[:h.]\d{2}\b/;

/**
 * The offered time a message names by its time of day: its index; "another" when it names a time
 * that none of them is (a new offer, never the list's row of that number); null when it names none
 * (a bare "4" is the fourth row). "10 is good", "4 works": a number that is the hour of exactly one
 * offered time is that time.
 */
function pickByClock(text: string, offered: OfferedTime[], timeZone: string): number | "another" | null {
  if (!offered.length) return null;
  const n = normalize(text);
  const clockOf = (o: OfferedTime) => {
    const w = wallClock(new Date(o.start), timeZone);
    return { hour: w.hour, minute: w.minute };
  };
  if (clockSaid.test(n)) {
    const base = localDay(new Date(offered[0].start), timeZone);
    // "Then Thursday at 9:00" names its day: an offered 9:00 on another day is not it.
    const range = readTimeRange(text, { timeZone, now: now() }, base);
    if (!range.time) return null;
    const [h, m] = range.time.split(":").map(Number);
    const onDay = (o: OfferedTime) => {
      const start = new Date(o.start);
      return start >= range.from && start < range.to;
    };
    const i = offered.findIndex((o) => clockOf(o).hour === h && clockOf(o).minute === m && onDay(o));
    return i >= 0 ? i : "another";
  }
  const ws = words(text);
  const numbers = ws.filter((w) => /^\d{1,2}$/.test(w));
  if (ws.length < 2 || ws.length > 4 || numbers.length !== 1) return null;
  const hour = Number(numbers[0]);
  const hits = offered.flatMap((o, i) => {
    const c = clockOf(o);
    return c.minute === 0 && (c.hour === hour || c.hour === hour + 12) ? [i] : [];
  });
  return hits.length === 1 ? hits[0] : null;
}

/**
 * The other appointments the request asked for (appointment-extras.ts): at the first one's time with
 * another person when together, else (or when nobody else is free then) right after the one before;
 * each with its record. What was booked, or could not be, is said after the first's confirmation.
 */
async function bookExtras(run: SkillRun, booked: { start: string; end: string }) {
  const first = { start: new Date(booked.start), end: new Date(booked.end) };
  const { turn } = run;
  const extras = (Array.isArray(run.variables[EXTRAS]) ? run.variables[EXTRAS] : []) as Extra[];
  run.variables[EXTRAS] = [];
  const said: string[] = [];
  let previous = first;
  for (const extra of extras) {
    const starts = extra.together ? [first.start, previous.end] : [previous.end];
    let done: Awaited<ReturnType<typeof bookAppointment>> | null = null;
    for (const start of starts) {
      try {
        done = await bookAppointment(turn.db, turn.businessId, { serviceId: extra.serviceId, start, contactId: turn.contact.id }, now());
        break;
      } catch (err) {
        if (!(err instanceof AppError) || (err.code !== "conflict" && err.code !== "invalid_request")) throw err;
      }
    }
    const [service] = await offerableServices(turn.db, turn.businessId, [extra.serviceId]);
    const title = service ? serviceName(service, run.lang) : "";
    if (!done) {
      said.push(t(run.lang, "appointment.alsoNotFree", { service: title }));
      continue;
    }
    await writeAppointmentRecord(turn.db, turn.businessId, done, {
      conversationId: turn.conversation.id,
      contactId: turn.contact.id,
      lang: run.lang,
    });
    const names = await appointmentNames(turn.db, turn.businessId, done, run.lang);
    const staff = names.staff ? t(run.lang, "appointment.with", { name: names.staff }) : "";
    said.push(t(run.lang, "appointment.also", { service: names.service || title, staff, when: formatDateTime(done.start, turn.timeZone, run.lang) }));
    previous = { start: new Date(done.start), end: new Date(done.end) };
  }
  if (said.length) run.variables[ALSO_SAID] = said;
}

/** Offers the nearest free times in `range` (else the nearest after it), with `note` said first. */
async function offerFor(run: SkillRun, node: TypedNode<"appointment">, service: ChosenService, range: TimeRange, note: string | null): Promise<Step> {
  const { turn } = run;
  const moving = run.variables[MOVING] as Moving | undefined;
  const staffId = moving?.staffId ?? (run.variables[STAFF] as { id: string } | undefined)?.id;
  const ask = {
    serviceId: service.id,
    staffId,
    step: node.data.stepMinutes,
    max: node.data.maxOptions,
    now: now(),
    timeZone: turn.timeZone,
    exceptId: moving?.id,
  };
  // "a las cinco y cuarto": a time off the offer's grid is booked as said when it is free, as a
  // receptionist would; the list, when it is not, keeps the grid.
  if (!note && range.said && range.time && minutesOf(range.time) % ask.step !== 0) {
    const [asked] = await nearestTimes(turn.db, turn.businessId, { ...ask, step: 5, max: 1, range });
    if (asked && exactlyAsked(range, asked, turn.timeZone)) return take(run, node, service, asked);
  }
  let times = await nearestTimes(turn.db, turn.businessId, { ...ask, range });
  if (!times.length && range.said) {
    times = await nearestTimes(turn.db, turn.businessId, { ...ask, range: widened(range) });
    // "uma manicure com a Rita para sábado": she does not work on Saturdays, which is why.
    const why = await offThen(run, service, staffId, range);
    if (times.length) note = [note, why ?? t(run.lang, "appointment.nothingThen")].filter(Boolean).join(" ");
  }
  if (!times.length) {
    await reply(turn, [note, t(run.lang, "appointment.noTimes", { service: service.title })].filter(Boolean).join(" "));
    return { kind: "next", handle: "none" };
  }
  // The very day and time asked for is free ("a check-up tomorrow at 7pm"): it is taken, as a
  // receptionist would, with no list to pick it from again.
  if (!note && exactlyAsked(range, times[0], turn.timeZone)) return take(run, node, service, times[0]);
  // "sábado de manhã, o mais cedo possível": the first free time is the one asked for.
  if (!note && !range.time && asksEarliest(turn.message.text)) return take(run, node, service, times[0]);
  return offer(run, node, times, note);
}

/**
 * Why nothing is free on the one day asked, when the week says it: "Rita doesn't work on Saturday." (the
 * person asked for), "On Friday we don't do Dental cleaning." (nobody who performs it works that day).
 */
async function offThen(run: SkillRun, service: ChosenService, staffId: string | undefined, range: TimeRange): Promise<string | null> {
  const { turn } = run;
  if (range.to.getTime() - range.from.getTime() > 24 * 3600_000) return null;
  const ids = staffId ? [staffId] : (await serviceStaffMembers(turn.db, turn.businessId, service.id)).map((s) => s.id);
  if (!ids.length) return null;
  const people = await turn.db
    .select({ name: staffMembers.name, weekly: staffMembers.weekly })
    .from(staffMembers)
    .where(and(eq(staffMembers.businessId, turn.businessId), inArray(staffMembers.id, ids)));
  const weekday = weekdayKeys[wallClock(range.from, turn.timeZone).weekday];
  if (!people.length || people.some((p) => p.weekly[weekday]?.length)) return null;
  const day = t(run.lang, `facts.day.${weekday}`);
  return staffId ? t(run.lang, "staff.offOn", { day, name: people[0].name }) : t(run.lang, "appointment.serviceOff", { day, service: service.title });
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether `time` is the one day and the time of day the customer named. */
function exactlyAsked(range: TimeRange, time: OfferedTime, timeZone: string): boolean {
  // "after 5" or "before 11" names a bound, not the time.
  if (!range.said || !range.time || range.bound || range.to.getTime() - range.from.getTime() > 24 * 3600_000) return false;
  const w = wallClock(new Date(time.start), timeZone);
  return (
    `${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}` === range.time &&
    localDay(range.from, timeZone) === localDay(new Date(time.start), timeZone)
  );
}

async function offer(run: SkillRun, node: TypedNode<"appointment">, times: OfferedTime[], note: string | null): Promise<Step> {
  const { turn } = run;
  const body = renderMessage(localized(run, node.data.text, node.data.texts), run.variables, turn.timeZone, localeOf(run.lang));
  const shown = labels(run, times);
  await reply(turn, numberedOptions(note ? `${note}\n${body}` : body, shown), { interactive: { kind: "list", options: shown } });
  run.variables[TIMES] = times;
  run.variables[TIMES_OF] = (run.variables[node.data.service] as Partial<ChosenService> | undefined)?.id;
  return { kind: "wait" };
}

/** Each time as the customer reads it. */
function labels(run: SkillRun, times: OfferedTime[]): string[] {
  return times.map((o) => timeLabel(o.start, run.turn.timeZone, localeOf(run.lang)));
}

/** Books (or moves to) the time picked; a time taken since it was offered is said, and the next times offered. */
async function take(run: SkillRun, node: TypedNode<"appointment">, service: ChosenService, picked: OfferedTime): Promise<Step> {
  const { turn } = run;
  const moving = run.variables[MOVING] as Moving | undefined;
  const named = run.variables[STAFF] as { id: string } | undefined;
  const lang = run.lang;
  try {
    if (moving) {
      const moved = await updateAppointment(turn.db, turn.businessId, moving.id, { start: new Date(picked.start), staffId: moving.staffId }, now());
      const names = await appointmentNames(turn.db, turn.businessId, moved, lang);
      delete run.variables[MOVING];
      delete run.variables[TIMES];
      delete run.variables[ASKED_TIME];
      delete run.variables[ASKED_PART];
      const staff = names.staff ? t(lang, "appointment.with", { name: names.staff }) : "";
      await reply(turn, t(lang, "appointment.moved", { service: moving.service, when: formatDateTime(moved.start, turn.timeZone, lang), staff }));
      return { kind: "end" };
    }
    const booked = await bookAppointment(
      turn.db,
      turn.businessId,
      { serviceId: service.id, start: new Date(picked.start), contactId: turn.contact.id, staffId: named?.id },
      now(),
    );
    await writeAppointmentRecord(turn.db, turn.businessId, booked, { conversationId: turn.conversation.id, contactId: turn.contact.id, lang });
    const names = await appointmentNames(turn.db, turn.businessId, booked, lang);
    const value: BookedAppointment = {
      id: booked.id,
      title: service.title,
      service: names.service || service.title,
      staff: names.staff,
      start: booked.start,
      end: booked.end,
      status: booked.status,
    };
    run.variables[node.data.variable] = value;
    run.recorded = true;
    await bookExtras(run, booked);
    delete run.variables[TIMES];
    delete run.variables[ASKED_TIME];
    delete run.variables[ASKED_PART];
    delete run.variables[STAFF];
    run.retries = 0;
    return { kind: "next", handle: "booked" };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "conflict") throw err;
    // Taken since it was offered (another customer, staff, the API): the next free times from there.
    const from = new Date(picked.start);
    const later = { from, to: new Date(from.getTime() + 14 * 24 * 3600_000), said: false };
    const note = t(lang, "appointment.taken", { time: timeLabel(picked.start, turn.timeZone, localeOf(lang)) });
    return offerFor(run, node, service, later, note);
  }
}
