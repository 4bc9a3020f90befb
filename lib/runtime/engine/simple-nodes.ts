import "server-only";
import type { TypedNode } from "../../shared/graph-schema";
import { handOff, reply } from "../base/reply";
import { renderMessage } from "./render";
import { writeSkillRecord } from "./record-write";
import { testCondition } from "./condition";
import { localeOf } from "../base/phrases";
import { endUnbooked } from "../../conversations/skill-sessions";
import { ALSO_SAID, AWAITING_PAYMENT, localized, type SkillRun, type Step } from "./run-state";
import { SoldOut } from "../../catalog/stock";
import { t } from "../messages";

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
  const { turn } = run;
  try {
    await writeSkillRecord(
      turn.db,
      { businessId: turn.businessId, conversationId: turn.conversation.id, contactId: turn.contact.id },
      node,
      run.variables,
    );
  } catch (err) {
    // Another order took the last units while this customer was confirming: nothing was recorded.
    if (!(err instanceof SoldOut)) throw err;
    await reply(turn, t(run.lang, err.left > 0 ? "order.fewLeft" : "order.soldOut", { item: err.title, left: err.left }));
    return { kind: "end" };
  }
  run.recorded = true;
  return { kind: "next", handle: "next" };
}

export async function handoffNode(run: SkillRun, node: TypedNode<"handoff">): Promise<Step> {
  await say(run, node.data.text, node.data.texts);
  await endUnbooked(run);
  if (!run.turn.halted) await handOff(run.turn, node.data.reason?.trim() || `skill ${run.skillId}`);
  return { kind: "handoff" };
}

export async function endNode(run: SkillRun, node: TypedNode<"end">): Promise<Step> {
  // An order waiting for payment is not "placed" yet: the customer is told the link is coming.
  if (run.variables[AWAITING_PAYMENT]) await reply(run.turn, t(run.lang, "payment.coming"));
  else await say(run, node.data.text, node.data.texts);
  // The other appointments booked with this one ("Also booked: Manicure with Rita, ...").
  const also = run.variables[ALSO_SAID];
  if (Array.isArray(also) && also.length) await reply(run.turn, also.join("\n"));
  delete run.variables[ALSO_SAID];
  return { kind: "end" };
}
