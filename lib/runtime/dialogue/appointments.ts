import "server-only";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { updateAppointment } from "../../appointments/appointments";
import { activeAppointmentStatuses, appointments, services } from "../../db/schema";
import { isDetectedLanguage } from "../../language";
import type { TypedNode } from "../../shared/graph-schema";
import { formatDateTime } from "../../shared/locale-format";
import { now } from "../../time/clock";
import { isoDate, wallClock } from "../../time/time-zone";
import { turnLanguage } from "../base/conversation-language";
import { reply } from "../base/reply";
import type { Turn } from "../base/turn-context";
import { MOVING } from "../engine/run-state";
import type { ChosenService } from "../engine/service-node";
import { t } from "../messages";
import type { RunnableSkill } from "../retrieval/skill-catalog";
import { serviceName } from "../retrieval/service-search";
import { appointmentAction } from "../understanding/acts";
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
  const action = appointmentAction(turn.message.text);
  if (!action) return false;
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
  if (!upcoming.length) {
    await reply(turn, t(lang, "appointment.notFound"));
    return true;
  }
  const day = (d: Date) => isoDate(wallClock(d, turn.timeZone));
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
    [MOVING]: { id: target.id, staffId: target.staffId, date: day(target.start), service: title },
  });
  return true;
}
