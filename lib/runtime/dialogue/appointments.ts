import "server-only";
import { and, asc, desc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import { updateAppointment } from "../../appointments/appointments";
import { APPOINTMENTS, appointmentNames } from "../../appointments/appointment-record";
import { activeAppointmentStatuses, appointments, records, services } from "../../db/schema";
import { isDetectedLanguage } from "../../language";
import type { TypedNode } from "../../shared/graph-schema";
import { formatDateTime } from "../../shared/locale-format";
import { now } from "../../time/clock";
import { isoDate, wallClock } from "../../time/time-zone";
import { turnLanguage } from "../base/conversation-language";
import { offerPerson } from "../base/person-offer";
import { reply } from "../base/reply";
import type { Turn } from "../base/turn-context";
import { MOVING } from "../engine/run-state";
import type { ChosenService } from "../engine/service-node";
import { t } from "../messages";
import type { RunnableSkill } from "../retrieval/skill-catalog";
import { namedStaff, searchServices, serviceName, serviceStaffMembers } from "../retrieval/service-search";
import { smallTalk } from "../understanding/small-talk";
import { appointmentAction, cancelsWithoutNaming } from "../understanding/acts";
import { normalize, words } from "../understanding/text-match";
import { readTimeRange } from "../understanding/time-range";
import { readWhenParts } from "../understanding/when";
import { startWithSlots } from "./manager";

// "preciso desmarcar", "can I move my appointment to Friday?", "quiero cambiar la cita a las 5": the
// customer's own upcoming appointment, found by the contact, is cancelled, or moved through the
// appointment skill itself: a session starts with the appointment's service chosen, its appointment
// node offers the free times nearest to what the customer said (the same person, that day when only a
// time is said), and the pick moves it race-safely (lib/appointments). Either way the appointment's
// record follows (record.updated), as bookings.ts does for table bookings.

type AppointmentSkill = { skill: RunnableSkill; service: TypedNode<"service"> };

function appointmentSkill(skills: RunnableSkill[]): AppointmentSkill | null {
  for (const skill of skills) {
    const service = skill.graph.nodes.find((n): n is TypedNode<"service"> => n.type === "service");
    if (service && skill.graph.nodes.some((n) => n.type === "appointment")) return { skill, service };
  }
  return null;
}

export async function manageAppointment(turn: Turn, skills: RunnableSkill[]): Promise<boolean> {
  const named = appointmentAction(turn.message.text);
  // "Afinal não vou poder, cancele por favor" right after booking: the appointment this conversation booked.
  const cancelsBooked = !named && cancelsWithoutNaming(turn.message.text) && (await bookedHere(turn)) !== null;
  const moves = movesToAnother(turn);
  const action = named ?? (moves ? "change" : cancelsBooked ? "cancel" : null);
  // "con el Dr. Ruiz mejor", "could I have Rita instead?": another person for the appointment coming.
  const personCue = !action && changesPerson.test(normalize(turn.message.text));
  if (!action && !personCue) return false;
  const found = appointmentSkill(skills);
  if (!found) return false;
  const language = await turnLanguage(turn);
  const lang = isDetectedLanguage(language) ? language : "en";
  const upcoming = await turn.db
    .select({
      id: appointments.id,
      staffId: appointments.staffId,
      start: appointments.startAt,
      serviceId: appointments.serviceId,
      name: services.name,
      durationMinutes: services.durationMinutes,
    })
    .from(appointments)
    .innerJoin(services, and(eq(services.businessId, appointments.businessId), eq(services.id, appointments.serviceId)))
    .where(
      and(
        eq(appointments.businessId, turn.businessId),
        eq(appointments.contactId, turn.contact.id),
        inArray(appointments.status, [...activeAppointmentStatuses]),
        gt(appointments.startAt, now()),
      ),
    )
    .orderBy(asc(appointments.startAt));
  // Only a customer with an appointment coming can mean theirs without naming it.
  if (!named && !upcoming.length) return false;
  const person = upcoming.length && action !== "cancel" ? await anotherPerson(turn, upcoming[0]) : null;
  if (!action && !person) return false;
  if (!upcoming.length) {
    await reply(turn, t(lang, "appointment.notFound"));
    return true;
  }
  const day = (d: Date) => isoDate(wallClock(d, turn.timeZone));
  const clock = (d: Date) => {
    const w = wallClock(d, turn.timeZone);
    return `${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`;
  };
  // "cancel my appointment on friday" names which one; a move names the new day, so it takes the next one.
  const said = readWhenParts(turn.message.text, { timeZone: turn.timeZone, now: now() })?.date;
  const target = (action === "cancel" && said && upcoming.find((a) => day(a.start) === said)) || upcoming[0];
  const title = serviceName({ name: target.name }, lang);
  if (action === "cancel") {
    await updateAppointment(turn.db, turn.businessId, target.id, { status: "cancelled" }, now());
    await reply(turn, t(lang, "appointment.cancelled", { service: title, when: formatDateTime(target.start, turn.timeZone, lang) }));
    return true;
  }
  const chosen: ChosenService = { id: target.serviceId, title, durationMinutes: target.durationMinutes };
  await startWithSlots(turn, found.skill, skills, {
    [found.service.data.variable]: chosen,
    [MOVING]: {
      id: target.id,
      staffId: person?.id ?? target.staffId,
      date: day(target.start),
      time: clock(target.start),
      service: title,
      // Only the person changes: the same day and time with them when they are free then.
      ...(person && !moves ? { keepTime: true } : {}),
    },
  });
  return true;
}

const changesPerson =
  /\b(?:instead|rather|prefer|prefiero|preferiria|prefiro|preferia|preferiria|mejor|melhor|en vez|en lugar|em vez|ao inves|can it be with|could it be with|puede ser con|podria ser con|pode ser com|podia ser com)\b/;

/**
 * The staff member the message names for the appointment coming, when it is another who performs its
 * service and the message names no other service ("and a manicure with Rita" books another).
 */
async function anotherPerson(turn: Turn, booked: { staffId: string; serviceId: string }) {
  const staff = await serviceStaffMembers(turn.db, turn.businessId, booked.serviceId);
  const who = namedStaff(turn.message.text, staff);
  if (!who || who.id === booked.staffId) return null;
  const [service] = await searchServices(turn.db, turn.businessId, turn.message.text);
  if (service && service.service.id !== booked.serviceId) return null;
  return who;
}

/**
 * "Actually, could we make it 11 instead?", "me la cambias al jueves a la misma hora": another day or
 * time said with a word that changes one, by a customer who has an appointment coming, moves it.
 */
function movesToAnother(turn: Turn): boolean {
  if (!changesIt.test(normalize(turn.message.text))) return false;
  const range = readTimeRange(turn.message.text, { timeZone: turn.timeZone, now: now() });
  return Boolean(range.time) || readWhenParts(turn.message.text, { timeZone: turn.timeZone, now: now() })?.date !== undefined;
}

const changesIt =
  /\b(?:make it|make that|instead|move it|change it|push it|bring it forward|postpone|put it back|adiar|adiantar|atrasar|adelantar|adelantarla|retrasar|retrasarla|aplazar|cambias|cambiarla|cambiala|cambiamela|me la cambias|pasarla|pasala|en vez|en lugar|em vez|mudar para|muda para|passar para|passa para|pode ser antes|mejor el|mejor a las|rather)\b/;

/**
 * "Perfeito. Manuel Ferreira", "ok worth it zoe harris", "Sí, perfecto, confírmela": a short word
 * after an appointment this conversation booked (a name, a yes, thanks) is no question the assistant
 * failed to answer: the appointment is said to stand, as a receptionist would.
 */
export async function acknowledgeBooked(turn: Turn, { early = false } = {}): Promise<boolean> {
  const text = turn.message.text;
  if (text.includes("?") || words(text).length > 10) return false;
  // Before any skill is looked for ("vale genial", "yes book it"): only a short word that names no
  // service and no day, so "and a manicure on Friday" still books another.
  if (early) {
    // Thanks and greetings keep their own friendly reply; "vale genial" is agreement with the booking.
    const talk = smallTalk(text, turn.businessName);
    if (words(text).length > 6 || (talk && talk.kind !== "ack")) return false;
    if (readWhenParts(text, { timeZone: turn.timeZone, now: now() })) return false;
    if ((await searchServices(turn.db, turn.businessId, text)).length) return false;
  }
  const booked = await bookedHere(turn);
  if (!booked) return false;
  const language = await turnLanguage(turn);
  const lang = isDetectedLanguage(language) ? language : "en";
  // "2 men's cuts, me and my brother": every appointment this conversation booked and still coming.
  const all = await bookedAllHere(turn);
  const said: string[] = [];
  for (const one of all.length ? all : [booked]) {
    const names = await appointmentNames(turn.db, turn.businessId, one, lang);
    const staff = names.staff ? t(lang, "appointment.with", { name: names.staff }) : "";
    said.push(t(lang, "appointment.stillBooked", { service: names.service, staff, when: formatDateTime(one.start, turn.timeZone, lang) }));
  }
  await reply(turn, said.join("\n"));
  return true;
}

/** Every appointment this conversation's records name that is still coming and active, soonest first. */
async function bookedAllHere(turn: Turn) {
  const rows = await turn.db
    .select({ appointmentId: sql<string>`${records.fields}->>'appointmentId'` })
    .from(records)
    .where(and(eq(records.businessId, turn.businessId), eq(records.collection, APPOINTMENTS), eq(records.conversationId, turn.conversation.id)));
  const ids = rows.map((r) => r.appointmentId).filter(Boolean);
  if (!ids.length) return [];
  return coming(turn, inArray(appointments.id, ids));
}

/** The active appointments still to come that `which` selects, soonest first. */
function coming(turn: Turn, which: SQL) {
  return turn.db
    .select({ id: appointments.id, start: appointments.startAt, serviceId: appointments.serviceId, staffId: appointments.staffId })
    .from(appointments)
    .where(
      and(
        eq(appointments.businessId, turn.businessId),
        which,
        inArray(appointments.status, [...activeAppointmentStatuses]),
        gt(appointments.startAt, now()),
      ),
    )
    .orderBy(asc(appointments.startAt), asc(appointments.id));
}

/** The appointment this conversation booked last, while it is still coming and active; null when none. */
async function bookedHere(turn: Turn) {
  const [row] = await turn.db
    .select({ appointmentId: sql<string>`${records.fields}->>'appointmentId'` })
    .from(records)
    .where(and(eq(records.businessId, turn.businessId), eq(records.collection, APPOINTMENTS), eq(records.conversationId, turn.conversation.id)))
    .orderBy(desc(records.id))
    .limit(1);
  if (!row?.appointmentId) return null;
  const [booked] = await coming(turn, eq(appointments.id, row.appointmentId));
  return booked ?? null;
}

// "tengo hora mañana a las 11 para manicura pero llegaré 15 minutos tarde", "Booked a colour with Rita for
// Thursday, want to double check what time it is": an appointment the customer says they have is no
// new booking.
const hasOne =
  /\b(?:i have an appointment|i ve got an appointment|i got an appointment|i have a booking|i m booked|i am booked|i booked|booked a|my appointment (?:is|on|at|for|tomorrow|today)|tengo (?:hora|cita|una cita|reservad[oa])|ya tengo (?:hora|cita)|pedi cita|tenho (?:hora|marcacao|uma marcacao|consulta marcada)|ja tenho (?:hora|marcacao)|marquei)\b/;

const another = /\b(?:again|another|otra|outra|nueva|nova|de novo|otra vez)\b/;

/**
 * Says the customer's upcoming appointment and offers a colleague for the rest (being late, a
 * question about it); with none found, says so and offers a colleague to check. False when the message
 * speaks of no appointment of theirs, or the business books none.
 */
export async function aboutTheirAppointment(turn: Turn, skills: RunnableSkill[]): Promise<boolean> {
  const n = normalize(turn.message.text);
  // "I booked a cut last week and loved it, can I come again Friday?" asks for another.
  if (!hasOne.test(n) || another.test(n) || !appointmentSkill(skills)) return false;
  const language = await turnLanguage(turn);
  const lang = isDetectedLanguage(language) ? language : "en";
  const [next] = await coming(turn, eq(appointments.contactId, turn.contact.id)).limit(1);
  if (!next) {
    await offerPerson(turn, lang, "booking_check", `${t(lang, "appointment.notFound")} ${t(lang, "offer.booking_check")}`);
    return true;
  }
  const names = await appointmentNames(turn.db, turn.businessId, next, lang);
  const staff = names.staff ? t(lang, "appointment.with", { name: names.staff }) : "";
  await offerPerson(
    turn,
    lang,
    "booking_check",
    t(lang, "appointment.yours", { service: names.service, staff, when: formatDateTime(next.start, turn.timeZone, lang) }),
  );
  return true;
}
