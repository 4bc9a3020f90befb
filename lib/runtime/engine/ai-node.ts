import "server-only";
import type { TypedNode } from "../../shared/graph-schema";
import { replyLanguage } from "../base/canned-replies";
import { llmSettings } from "../llm/llm-client";
import { reply } from "../base/reply";
import { retrievalReply } from "../retrieval/retrieval-reply";
import { countTokens } from "../understanding/tokens";
import type { SkillRun, Step } from "./run-state";

// An `ai` node gives one free-form answer to the customer's last message, then continues. With an LLM
// the answer is written outside the turn's transaction (a slow provider must not hold the
// conversation's lock): the node hands back `ai`, the session waits here, and the turn resumes it with
// the answer. Without one, the retrieval engine answers inline, or the node passes silently when no
// knowledge matches.

export async function aiNode(run: SkillRun, node: TypedNode<"ai">): Promise<Step> {
  const { turn } = run;
  if (run.aiAnswer !== undefined) {
    const answer = run.aiAnswer;
    run.aiAnswer = undefined;
    if (answer) await reply(turn, answer.text, { tokens: answer.tokens });
    return { kind: "next", handle: "next" };
  }
  if (llmSettings()) return { kind: "ai", instructions: node.data.instructions };
  const language = replyLanguage(turn.assistant.language, turn.message.text);
  const answer = await retrievalReply(turn.db, turn.businessId, turn.assistant.id, turn.message.text, language, { businessName: turn.businessName });
  if (answer) {
    turn.unbilled += countTokens(answer.context);
    await reply(turn, answer.text);
  }
  return { kind: "next", handle: "next" };
}
