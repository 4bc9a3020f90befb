import "server-only";
import { findFlow } from "../../flows/flows";
import type { TypedNode } from "../../shared/graph-schema";
import { flowReplyOf } from "../../shared/flow-schema";
import { localeOf, phrases } from "../base/phrases";
import { reply } from "../base/reply";
import { renderMessage } from "./render";
import { localized, type SkillRun, type Step } from "./run-state";

// A `flow` node sends a registered WhatsApp Flow (a form in WhatsApp) and waits for its answer
// (issue 38 item 5). The answer's fields land in the node's variables (`fields`: Flow field ->
// variable), so one form fills several slots, and the skill goes on by `next` (a question whose
// variable the form filled is not asked). A message written instead gets the Flow again with the
// retry text; after `maxRetries` of those the skill leaves by `invalid`.

async function sendForm(run: SkillRun, node: TypedNode<"flow">, text: string): Promise<Step | null> {
  // A Flow removed from the registrations since the skill was saved cannot be sent: a person takes over.
  if (!(await findFlow(run.turn.db, run.turn.businessId, node.data.flow))) {
    return { kind: "handoff", reason: `WhatsApp Flow ${node.data.flow} is not registered` };
  }
  const body = renderMessage(text, run.variables, run.turn.timeZone, localeOf(run.lang)).slice(0, 1024);
  await reply(run.turn, body, {
    interactive: { type: "flow", flow: node.data.flow, body, ...(node.data.cta ? { cta: node.data.cta } : {}) },
  });
  return null;
}

export async function flowNode(run: SkillRun, node: TypedNode<"flow">, answering: boolean): Promise<Step> {
  if (!answering) {
    run.retries = 0;
    return (await sendForm(run, node, localized(run, node.data.text, node.data.texts))) ?? { kind: "wait" };
  }
  const { message } = run.turn;
  const answer = message.kind === "flow" ? flowReplyOf({ type: "interactive", content: message.content }) : null;
  if (answer && (answer.flow === node.data.flow || answer.flow === null)) {
    for (const [field, variable] of Object.entries(node.data.fields)) {
      const value = answer.fields[field];
      if (value === undefined || value === null || value === "") continue;
      run.variables[variable] = value;
      run.filled.add(variable);
    }
    run.retries = 0;
    return { kind: "next", handle: "next" };
  }
  if (run.retries >= node.data.maxRetries) {
    run.retries = 0;
    return { kind: "next", handle: "invalid" };
  }
  run.retries += 1;
  const retry = localized(run, node.data.retryText, node.data.retryTexts) ?? phrases[run.lang].fillForm;
  return (await sendForm(run, node, retry)) ?? { kind: "wait" };
}
