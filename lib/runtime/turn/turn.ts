import "server-only";
import { and, eq } from "drizzle-orm";
import { defaultAssistant } from "../../assistants/assistants";
import type { Db } from "../../db/client";
import { businesses, businessHours, contacts, conversations, messages } from "../../db/schema";
import { completeJob, isPending } from "../../jobs/queue";
import { decideTurn, type Pending, type TurnInput } from "./decide-turn";
import { readInbound } from "./inbound-text";
import { askLlm } from "../llm/llm";
import { understandWithLlm } from "../llm/llm-understand";
import { retrievalReply } from "../retrieval/retrieval-reply";
import { replyLanguage } from "./canned-replies";
import { countTokens } from "../understanding/tokens";
import type { Turn } from "./turn-context";
import { componentLogger } from "../../observability/log";

const log = componentLogger("assistant");

// One assistant turn: the answer to one inbound message, run by the `assistant.turn` job. The work
// happens in short transactions that lock the conversation row (so two app instances never run one
// conversation at once) and delete the turn's job row as they commit, so a turn that already replied
// is never replayed after a crash or a lease that ran out. An LLM call happens between transactions:
// a slow provider holds no lock and, on the embedded database, does not stall everyone else.

export type TurnPayload = { businessId: string; conversationId: string; messageId: string };

const MAX_PASSES = 8;

export async function runAssistantTurn(db: Db, payload: TurnPayload, jobId?: number): Promise<void> {
  let input: TurnInput = { kind: "message" };
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const pending = await db.transaction((tx) => runPass(tx, payload, jobId, input));
    if (!pending) return;
    input = await writeOutsideTransaction(db, pending);
  }
  log.error({ businessId: payload.businessId, messageId: payload.messageId, passes: MAX_PASSES }, "assistant turn did not settle");
}

async function runPass(tx: Db, payload: TurnPayload, jobId: number | undefined, input: TurnInput): Promise<Pending | null> {
  const [conversation] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.businessId, payload.businessId), eq(conversations.id, payload.conversationId)))
    .for("update");
  // Another run of this job (an instance whose lease ran out) already finished the turn.
  if (jobId !== undefined && !(await isPending(tx, jobId))) return null;
  if (conversation?.status !== "open") return finish(tx, jobId);
  const turn = await loadTurn(tx, conversation, payload);
  if (!turn) return finish(tx, jobId);
  const pending = await decideTurn(turn, input);
  return pending ?? finish(tx, jobId);
}

async function writeOutsideTransaction(db: Db, pending: Pending): Promise<TurnInput> {
  if (pending.kind === "understand") return { kind: "understood", understanding: await understandWithLlm(pending.brief) };
  const { brief } = pending;
  if (pending.kind === "llm") {
    try {
      return { kind: "llm", decision: await askLlm(db, brief) };
    } catch (err) {
      log.warn({ businessId: brief.businessId, err }, "LLM failed, answering with retrieval");
      return { kind: "llm", decision: null };
    }
  }
  try {
    const answer = await askLlm(db, brief, { tools: false, instructions: pending.instructions });
    if (answer.kind === "reply") return { kind: "ai", nodeId: pending.nodeId, answer: { text: answer.text, tokens: answer.tokens } };
  } catch (err) {
    log.warn({ err }, "LLM failed in an ai node, answering with retrieval");
  }
  const fallback = await retrievalReply(db, brief.businessId, brief.assistant.id, brief.text, replyLanguage(brief.assistant.language, brief.text));
  const answer = fallback ? { text: fallback.text, tokens: countTokens(brief.text, fallback.context, fallback.text) } : null;
  return { kind: "ai", nodeId: pending.nodeId, answer };
}

async function loadTurn(tx: Db, conversation: typeof conversations.$inferSelect, payload: TurnPayload): Promise<Turn | null> {
  const [message] = await tx
    .select({ id: messages.id, type: messages.type, text: messages.text, content: messages.content })
    .from(messages)
    .where(and(eq(messages.id, payload.messageId), eq(messages.conversationId, conversation.id)));
  const [contact] = await tx.select({ id: contacts.id, phone: contacts.phone }).from(contacts).where(eq(contacts.id, conversation.contactId));
  const [business] = await tx
    .select({
      timeZone: businesses.timeZone,
      name: businesses.name,
      weekly: businessHours.weekly,
      holidays: businessHours.holidays,
      awayMessage: businessHours.awayMessage,
    })
    .from(businesses)
    .leftJoin(businessHours, eq(businessHours.businessId, businesses.id))
    .where(eq(businesses.id, payload.businessId));
  if (!message || !contact || !business) return null;
  const readable = readInbound(message.type, message.text);
  return {
    db: tx,
    businessId: payload.businessId,
    businessName: business.name,
    conversation,
    contact,
    timeZone: business.timeZone,
    hours: { weekly: business.weekly ?? {}, holidays: business.holidays ?? [] },
    awayMessage: business.awayMessage ?? null,
    assistant: await defaultAssistant(tx, payload.businessId),
    message: { id: message.id, content: message.content, kind: readable.kind, text: readable.kind === "text" ? readable.text : "" },
    unbilled: 0,
    halted: false,
    sent: [],
  };
}

// Completing the job inside the turn's transaction makes the turn and its completion one commit.
async function finish(tx: Db, jobId: number | undefined): Promise<null> {
  if (jobId !== undefined) await completeJob(tx, jobId);
  return null;
}
