import "server-only";
import { createRecord, updateRecord } from "../../records/records";
import { initialStatus } from "../../shared/record-statuses";
import type { TypedNode } from "../../shared/graph-schema";
import { handOff, reply } from "../base/reply";
import { renderField, renderMessage } from "./render";
import { testCondition } from "./condition";
import { localeOf } from "../base/phrases";
import { endUnbooked } from "../../conversations/skill-sessions";
import { EDITING, localized, NOTES, RESERVED, type SkillRun, type Step } from "./run-state";

// The nodes that act at once: message, condition, record, handoff, end.

const say = (run: SkillRun, text: string | undefined, texts?: Partial<Record<string, string>>) => {
  const chosen = localized(run, text, texts);
  return chosen
    ? reply(run.turn, renderMessage(chosen, run.variables, run.turn.timeZone, localeOf(run.lang)).replace(/ {2,}/g, " ").trim())
    : Promise.resolve(true);
};

export async function messageNode(run: SkillRun, node: TypedNode<"message">): Promise<Step> {
  await say(run, node.data.text, node.data.texts);
  return { kind: "next", handle: "next" };
}

export function conditionNode(run: SkillRun, node: TypedNode<"condition">): Step {
  return { kind: "next", handle: testCondition(node.data, run.variables) ? "true" : "false" };
}

export async function recordNode(run: SkillRun, node: TypedNode<"record">): Promise<Step> {
  const fields = Object.fromEntries(Object.entries(node.data.fields).map(([key, template]) => [key, renderField(template, run.variables)]));
  // Notes for the staff said during the skill (an allergy, an occasion) travel with the record.
  const notes = run.variables[NOTES];
  if (Array.isArray(notes) && notes.length) {
    const said = notes.join("; ");
    fields.notes = typeof fields.notes === "string" && fields.notes.trim() ? `${fields.notes}; ${said}` : said;
  }
  // A change to a booking made before ("change my booking to 9pm") updates that record.
  const editing = run.variables[EDITING] as { id: string; collection: string } | undefined;
  if (editing && editing.collection === node.data.collection) {
    await updateRecord(run.turn.db, run.turn.businessId, editing.id, { fields, status: initialStatus(node.data.collection) });
    delete run.variables[EDITING];
    // The place held is the booking's now.
    delete run.variables[RESERVED];
    run.recorded = true;
    return { kind: "next", handle: "next" };
  }
  delete run.variables[RESERVED];
  run.recorded = true;
  await createRecord(run.turn.db, run.turn.businessId, {
    collection: node.data.collection,
    fields,
    conversationId: run.turn.conversation.id,
    contactId: run.turn.contact.id,
  });
  return { kind: "next", handle: "next" };
}

export async function handoffNode(run: SkillRun, node: TypedNode<"handoff">): Promise<Step> {
  await say(run, node.data.text, node.data.texts);
  await endUnbooked(run);
  if (!run.turn.halted) await handOff(run.turn, node.data.reason?.trim() || `skill ${run.skillId}`);
  return { kind: "handoff" };
}

export async function endNode(run: SkillRun, node: TypedNode<"end">): Promise<Step> {
  await say(run, node.data.text, node.data.texts);
  return { kind: "end" };
}
