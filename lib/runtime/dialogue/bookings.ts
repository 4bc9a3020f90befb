import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { records } from "../../db/schema";
import { updateRecord } from "../../records/records";
import type { SkillGraph, TypedNode } from "../../shared/graph-schema";
import { now } from "../../time/clock";
import { turnLanguage } from "../base/conversation-language";
import { releasePlace, slotFor } from "../engine/availability-node";
import { EDITING, NOTES, RESERVED, whenParts } from "../engine/run-state";
import { wallClock } from "../../time/time-zone";
import { isDetectedLanguage } from "../../language";
import { reply } from "../base/reply";
import type { RunnableSkill } from "../retrieval/skill-catalog";
import type { Turn } from "../base/turn-context";
import { bookingAction, isCorrection } from "../understanding/acts";
import { normalize } from "../understanding/text-match";
import { readPartySize } from "../understanding/slots";
import { readWhenParts } from "../understanding/when";
import { withoutRepairs } from "../understanding/repairs";
import { startWithSlots } from "./manager";
import { humanWhen, phrases } from "../base/phrases";

// "cancel my booking" and "change my booking to 9pm": the customer's own upcoming booking, found by
// the contact (their phone number), is cancelled (status "cancelled", its places given back) or
// changed through the booking skill itself: a session starts with the booking's values, the new
// ones said replace them, the skill confirms, and its record node updates that record
// (record.updated) instead of writing a second one.

const cancelThat =
  /\b(?:cancel|cancelar|cancela|cancele|cancelem|anula|anular|anule|desmarca|desmarcar|desmarque)\s+(?:that|it|this|isso|isto|esso|eso|esto|ela|la|a)\b|\b(?:cancelala|cancelalo|cancelaa|anulala|desmarcala)\b/;
const RECENT_MS = 6 * 60 * 60 * 1000;

type BookingSkill = { skill: RunnableSkill; availability: TypedNode<"availability">; record: TypedNode<"record"> };

function bookingSkill(skills: RunnableSkill[]): BookingSkill | null {
  for (const skill of skills) {
    const availability = skill.graph.nodes.find((n): n is TypedNode<"availability"> => n.type === "availability");
    const record = skill.graph.nodes.find((n): n is TypedNode<"record"> => n.type === "record");
    if (availability && record) return { skill, availability, record };
  }
  return null;
}

/** The record field that holds `{{variable}}` exactly. */
const fieldOf = (record: TypedNode<"record">, variable: string) =>
  Object.entries(record.data.fields).find(([, template]) => template.replace(/\s/g, "") === `{{${variable}}}`)?.[0];

export async function manageBooking(turn: Turn, skills: RunnableSkill[]): Promise<boolean> {
  const text = turn.message.text;
  // "afinal somos 3, dá p mudar?" right after booking: a change of that booking, though it names none.
  // A correction inside a new request ("table 1 person 13h tmrw, make that 2") is no such change.
  const named = bookingAction(text);
  const implied =
    !named &&
    withoutRepairs(text) === text &&
    isCorrection(text) &&
    (readPartySize(text) !== null || readWhenParts(text, { timeZone: turn.timeZone, now: now() })?.time);
  // "can ye cancel that the now" soon after booking: that booking, though it names none.
  const cancelsThat = !named && !implied && cancelThat.test(normalize(text));
  const action = named ?? (implied ? "change" : cancelsThat ? "cancel" : null);
  if (!action) return false;
  const found = bookingSkill(skills);
  if (!found) return false;
  const { skill, availability, record } = found;
  const language = await turnLanguage(turn);
  const lang = isDetectedLanguage(language) ? language : "en";
  const whenField = fieldOf(record, availability.data.variable);
  const coversField = availability.data.covers ? fieldOf(record, availability.data.covers) : undefined;
  const rows = await turn.db
    .select()
    .from(records)
    .where(
      and(
        eq(records.businessId, turn.businessId),
        eq(records.collection, record.data.collection),
        eq(records.contactId, turn.contact.id),
        eq(records.status, "confirmed"),
      ),
    )
    .orderBy(desc(records.createdAt));
  const upcoming = rows.find((r) => {
    const when = whenField ? r.fields[whenField] : null;
    return typeof when === "string" && new Date(when).getTime() > now().getTime();
  });
  // "that" is the booking just made: one made hours ago is not what "cancel that" points at.
  if (cancelsThat && upcoming && now().getTime() - upcoming.createdAt.getTime() > RECENT_MS) return false;
  if (!upcoming || !whenField) {
    if (cancelsThat) return false;
    // Only a booking named outright gets "no booking found"; an implied change is then a new request.
    if (!named) return false;
    await reply(turn, phrases[lang].noBooking);
    return true;
  }
  const when = String(upcoming.fields[whenField]);
  const covers = coversField ? Math.max(1, Number(upcoming.fields[coversField]) || 1) : 1;
  const slot = slotFor(availability.data, when, turn.timeZone, turn.hours);
  const hold = slot ? { skillId: skill.id, slot: slot.toISOString(), covers } : undefined;
  if (action === "cancel") {
    if (hold) await releasePlace({ turn, variables: { [RESERVED]: hold } });
    await updateRecord(turn.db, turn.businessId, upcoming.id, { status: "cancelled" });
    await reply(turn, phrases[lang].bookingCancelled(humanWhen(when, turn.timeZone, lang)));
    return true;
  }
  // A change: the booking skill runs again with the booking's values; what the customer says replaces them.
  const variables: Record<string, unknown> = {};
  for (const [key, template] of Object.entries(record.data.fields)) {
    const m = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/.exec(template);
    if (m && upcoming.fields[key] !== undefined && upcoming.fields[key] !== "") variables[m[1]] = upcoming.fields[key];
  }
  const w = wallClock(new Date(when), turn.timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  variables[whenParts(availability.data.variable)] = { date: `${w.year}-${two(w.month)}-${two(w.day)}`, time: `${two(w.hour)}:${two(w.minute)}` };
  // The notes kept on the booking stay with it ("one of us is celiac" said when it was made).
  if (typeof upcoming.fields.notes === "string" && upcoming.fields.notes) variables[NOTES] = upcoming.fields.notes.split("; ");
  variables[EDITING] = { id: upcoming.id, collection: record.data.collection, hold };
  if (hold) variables[RESERVED] = hold;
  await startWithSlots(turn, skill, skills, variables);
  return true;
}

export type { SkillGraph };
