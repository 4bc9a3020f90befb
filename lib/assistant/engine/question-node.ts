import "server-only";
import type { TypedNode } from "../../skills/graph-schema";
import { reply } from "../reply";
import { interactiveFor, numberedOptions, pickOption } from "./choice";
import { parseAnswer } from "./parse-answer";
import { renderMessage } from "./render";
import type { SkillRun, Step } from "./skill-run";

// A `question` asks, waits for the next message, and reads it by kind. A wrong answer gets the retry
// text; after `maxRetries` re-asks the next wrong answer leaves by `invalid`.

async function ask(run: SkillRun, node: TypedNode<"question">, text: string): Promise<void> {
  const body = renderMessage(text, run.variables, run.turn.timeZone);
  const choices = node.data.kind === "choice" ? (node.data.choices ?? []) : [];
  if (!choices.length) {
    await reply(run.turn, body);
    return;
  }
  // The numbers are in the text too: a list or buttons may not render everywhere, and "2" always works.
  await reply(run.turn, numberedOptions(body, choices), { interactive: interactiveFor(choices) });
}

export async function questionNode(run: SkillRun, node: TypedNode<"question">, answering: boolean): Promise<Step> {
  if (!answering) {
    run.retries = 0;
    await ask(run, node, node.data.text);
    return { kind: "wait" };
  }
  const { message, timeZone, contact } = run.turn;
  const value =
    node.data.kind === "choice"
      ? choiceValue(message.text, message.content, node.data.choices ?? [])
      : parseAnswer(node.data.kind, message.text, { timeZone, customerPhone: contact.phone });
  if (value !== null) {
    run.variables[node.data.variable] = value;
    run.retries = 0;
    return { kind: "next", handle: "next" };
  }
  if (run.retries >= node.data.maxRetries) {
    run.retries = 0;
    return { kind: "next", handle: "invalid" };
  }
  run.retries += 1;
  await ask(run, node, node.data.retryText ?? node.data.text);
  return { kind: "wait" };
}

function choiceValue(text: string, content: Record<string, unknown> | null, choices: string[]): string | null {
  const index = pickOption(text, content, choices);
  return index === null ? null : choices[index];
}
