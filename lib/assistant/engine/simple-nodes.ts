import "server-only";
import { createRecord } from "../../records/records";
import type { TypedNode } from "../../skills/graph-schema";
import { handOff, reply } from "../reply";
import { renderField, renderMessage } from "./render";
import { testCondition } from "./condition";
import type { SkillRun, Step } from "./skill-run";

// The nodes that act at once: message, condition, record, handoff, end.

const say = (run: SkillRun, text: string | undefined) =>
  text ? reply(run.turn, renderMessage(text, run.variables, run.turn.timeZone)) : Promise.resolve(true);

export async function messageNode(run: SkillRun, node: TypedNode<"message">): Promise<Step> {
  await say(run, node.data.text);
  return { kind: "next", handle: "next" };
}

export function conditionNode(run: SkillRun, node: TypedNode<"condition">): Step {
  return { kind: "next", handle: testCondition(node.data, run.variables) ? "true" : "false" };
}

export async function recordNode(run: SkillRun, node: TypedNode<"record">): Promise<Step> {
  const fields = Object.fromEntries(Object.entries(node.data.fields).map(([key, template]) => [key, renderField(template, run.variables)]));
  await createRecord(run.turn.db, run.turn.businessId, {
    collection: node.data.collection,
    fields,
    conversationId: run.turn.conversation.id,
    contactId: run.turn.contact.id,
  });
  return { kind: "next", handle: "next" };
}

export async function handoffNode(run: SkillRun, node: TypedNode<"handoff">): Promise<Step> {
  await say(run, node.data.text);
  if (!run.turn.halted) await handOff(run.turn, node.data.reason?.trim() || `skill ${run.skillId}`);
  return { kind: "handoff" };
}

export async function endNode(run: SkillRun, node: TypedNode<"end">): Promise<Step> {
  await say(run, node.data.text);
  return { kind: "end" };
}
