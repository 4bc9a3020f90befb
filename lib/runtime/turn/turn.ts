import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { jsonValue } from "../../db/rows";
import { defaultAssistantId } from "../../assistants/assistants";
import type { Db } from "../../db/client";
import { deliveryRules } from "../../businesses/facts";
import {
  assistants,
  businesses,
  businessFacts,
  businessHours,
  contacts,
  conversations,
  type InteractivePayload,
  jobs,
  messages,
  skillSessions,
} from "../../db/schema";
import type { SkillRow } from "../base/turn-context";
import { notFound } from "../../errors";
import { completeJob, isPending } from "../../jobs/queue";
import { showTyping } from "../../messages/message-signals";
import { assistantTurn } from "../../messages/receive-message";
import { decideTurn, type Pending, type TurnInput } from "./decide-turn";
import { readInbound } from "../base/inbound-text";
import { askLlm } from "../llm/llm";
import { llmSettings } from "../llm/llm-client";
import { understandWithLlm } from "../llm/llm-understand";
import { retrievalReply } from "../retrieval/retrieval-reply";
import { seedTurnMemo, startTurnMemo } from "../base/turn-memo";
import { type KnowledgeStamp, knowledgeStampKey } from "../retrieval/retrieval";
import { replyLanguage } from "../base/canned-replies";
import { countTokens } from "../understanding/tokens";
import type { Turn } from "../base/turn-context";
import { componentLogger } from "../../observability/log";
import { contactAddress } from "../../shared/customer-address";
import { chargeFailedAtCommit } from "../../wallet/wallet";

const log = componentLogger("assistant");

// One assistant turn: the answer to one inbound message, run by the `assistant.turn` job. The work
// happens in short transactions that lock the conversation row (so two app instances never run one
// conversation at once) and delete the turn's job row as they commit, so a turn that already replied
// is never replayed after a crash or a lease that ran out. An LLM call happens between transactions:
// a slow provider holds no lock and, on the embedded database, does not stall everyone else.
//
// Without a model configured (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL) every turn is one pass: nothing can
// be pending. Its job is then removed by the statement that loads the turn (a `delete ... returning` that
// also says whether the job was still queued), not by a statement of its own before the commit: one round
// trip fewer, and the wallet's row, which the reply's charge locks until the commit, is held one round
// trip less (a business's turns queue on it). The removal still commits with the turn or not at all.

export type TurnPayload = { businessId: string; conversationId: string; messageId: string };

const MAX_PASSES = 8;
/** Times a pass runs again after its commit found the balance short (each time another reply was paid first). */
const MAX_SHORT_AT_COMMIT = 5;

/** True once the turn settled: its job row (given `jobId`) was removed in the turn's last commit. */
export async function runAssistantTurn(db: Db, payload: TurnPayload, jobId?: number): Promise<boolean> {
  let input: TurnInput = { kind: "message" };
  const job: TurnJob = { id: jobId, removeOnLoad: jobId !== undefined && !llmSettings() };
  let shortAtCommit = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let pending: Pending | null;
    try {
      pending = await db.transaction((tx) => runPass(tx, payload, job, input));
    } catch (err) {
      // A concurrent reply took the tokens this pass's replies were charged at commit (lib/wallet/wallet.ts):
      // the pass rolled back whole, and runs again at once on the balance as it is now (it pays, or hands off).
      if (!chargeFailedAtCommit(err) || ++shortAtCommit > MAX_SHORT_AT_COMMIT) throw err;
      pass--;
      continue;
    }
    if (!pending) return true;
    if (job.removeOnLoad) {
      // Not reached while only a model makes a pass pending; were it, the next passes must not read the
      // job's absence as "another run finished this turn".
      log.error({ businessId: payload.businessId, messageId: payload.messageId }, "a turn without a model went pending after its job was removed");
      job.id = undefined;
      job.removeOnLoad = false;
    }
    // The model takes seconds: on WhatsApp the customer sees the typing indicator meanwhile (once a turn).
    if (pass === 0)
      await showTyping(db, payload.businessId, payload.messageId, payload.conversationId).catch((err) =>
        log.warn({ err }, "typing indicator not queued"),
      );
    input = await writeOutsideTransaction(db, pending);
  }
  log.error({ businessId: payload.businessId, messageId: payload.messageId, passes: MAX_PASSES }, "assistant turn did not settle");
  return false;
}

/**
 * The turn answered inside the transaction that stored its message (the inbound job's, on a server
 * without a model: lib/server/jobs.ts), so a customer's message and its answer are one commit: no turn
 * job written, claimed and removed, no transaction and conversation lock of its own (the message's
 * statement holds the conversation's row lock already). Answers false, and does nothing, when another
 * turn of the conversation is queued ahead (its message came first and is still unanswered): the caller
 * then queues this one behind it, as before. Throws when the turn needs a model (a pass left pending),
 * which a server without one never reaches.
 */
export async function answerInTransaction(tx: Db, payload: TurnPayload, conversation: typeof conversations.$inferSelect): Promise<boolean> {
  startTurnMemo(tx);
  const loaded = await loadTurn(tx, conversation, payload, undefined, { aheadOf: assistantTurn.name });
  if (loaded.ahead) return false;
  if (conversation.status !== "open" || !loaded.turn) return true;
  const pending = await decideTurn(loaded.turn, { kind: "message" });
  if (pending) throw new Error("a turn answered with its message went pending (it needs a model)");
  return true;
}

/** The turn's job: its id (none for a direct call), and whether the loading statement removes it. */
type TurnJob = { id: number | undefined; removeOnLoad: boolean };

async function runPass(tx: Db, payload: TurnPayload, job: TurnJob, input: TurnInput): Promise<Pending | null> {
  startTurnMemo(tx);
  const [conversation] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.businessId, payload.businessId), eq(conversations.id, payload.conversationId)))
    .for("update");
  if (!conversation) return finish(tx, job.id);
  // A statement of its own after the lock: its snapshot sees what a run that held the lock committed.
  const loaded = await loadTurn(tx, conversation, payload, job.id, { remove: job.removeOnLoad });
  // Another run of this job (an instance whose lease ran out) already finished the turn.
  if (!loaded.pending) return null;
  const left = job.removeOnLoad ? undefined : job.id;
  if (conversation.status !== "open" || !loaded.turn) return finish(tx, left);
  const pending = await decideTurn(loaded.turn, input);
  return pending ?? finish(tx, left);
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

/**
 * Whether the turn's job is still queued (and, given `remove`, its removal in the same statement), and what the turn reads: the message, the customer's number,
 * the business and its hours, the default assistant, and what the pass's first steps read (the
 * enabled skills, the skill session with its graph, the last reply's buttons, the customer's previous
 * message: Turn.loaded), in one statement.
 */
export async function loadTurn(
  tx: Db,
  conversation: typeof conversations.$inferSelect,
  payload: TurnPayload,
  jobId: number | undefined,
  opts: { remove?: boolean; aheadOf?: string } = {},
): Promise<{ pending: boolean; ahead: boolean; turn: Turn | null }> {
  const removal =
    jobId !== undefined && opts.remove ? tx.$with("turn_job").as(tx.delete(jobs).where(eq(jobs.id, jobId)).returning({ id: jobs.id })) : null;
  const [row] = await (removal ? tx.with(removal) : tx)
    .select({
      pending:
        jobId === undefined
          ? sql<boolean>`true`
          : removal
            ? sql<boolean>`exists (select 1 from ${removal})`
            : sql<boolean>`exists (select 1 from jobs where id = ${jobId})`,
      // `aheadOf`: whether a job of that queue for this conversation is still pending (answerInTransaction).
      ahead: opts.aheadOf
        ? sql<boolean>`exists (select 1 from jobs j where j.queue = ${opts.aheadOf} and j.order_key = ${conversation.id} and j.status = 'pending')`
        : sql<boolean>`false`,
      message: { id: messages.id, type: messages.type, text: messages.text, content: messages.content },
      contact: { id: contacts.id, phone: contacts.phone, waUserId: contacts.waUserId },
      business: { timeZone: businesses.timeZone, name: businesses.name },
      hours: { weekly: businessHours.weekly, holidays: businessHours.holidays, awayMessage: businessHours.awayMessage },
      delivery: {
        deliveryFee: businessFacts.deliveryFee,
        freeDeliveryFrom: businessFacts.freeDeliveryFrom,
        minimumDelivery: businessFacts.minimumDelivery,
      },
      assistant: assistants,
      skills: sql<unknown>`(select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'version', s.version, 'graph', s.graph,
          'examples', s.examples, 'names', s.names) order by s.created_at, s.id), '[]'::json)
        from skills s where s.business_id = ${payload.businessId} and s.assistant_id = ${assistants.id} and s.enabled)`,
      session: skillSessions,
      sessionGraph: sql<unknown>`(select v.graph from skill_versions v
        where v.business_id = ${payload.businessId} and v.skill_id = ${skillSessions.skillId} and v.version = ${skillSessions.version})`,
      lastReplyInteractive: sql<unknown>`(select m.interactive from messages m
        where m.conversation_id = ${conversation.id} and m.direction = 'outbound' and m.id < ${payload.messageId} order by m.id desc limit 1)`,
      previousInboundText: sql<string | null>`(select m.text from messages m
        where m.conversation_id = ${conversation.id} and m.direction = 'inbound' and m.id < ${payload.messageId} order by m.id desc limit 1)`,
      // The knowledge's stamp (retrieval.ts's knowledgeStamp), which the understanding and the answer ask for.
      knowledgeStamp: sql<unknown>`(select json_build_object('n', count(*)::int, 'latest', max(k.updated_at)::text,
          'versions', coalesce(sum(octet_length(k.translations::text)), 0)::int)
        from knowledge_items k where k.business_id = ${payload.businessId} and k.assistant_id = ${assistants.id})`,
    })
    .from(businesses)
    .leftJoin(messages, and(eq(messages.id, payload.messageId), eq(messages.conversationId, conversation.id)))
    .leftJoin(contacts, eq(contacts.id, conversation.contactId))
    .leftJoin(businessHours, eq(businessHours.businessId, businesses.id))
    .leftJoin(businessFacts, eq(businessFacts.businessId, businesses.id))
    .leftJoin(assistants, eq(assistants.id, defaultAssistantId(payload.businessId)))
    .leftJoin(skillSessions, eq(skillSessions.conversationId, conversation.id))
    .where(eq(businesses.id, payload.businessId));
  const pending = Boolean(row?.pending ?? (jobId === undefined || (await isPending(tx, jobId))));
  const { message, contact, business, hours, delivery, assistant, session } = row ?? {};
  const address = contact ? contactAddress(contact) : null;
  const ahead = Boolean(row?.ahead);
  if (!message || !contact || !address || !business) return { pending, ahead, turn: null };
  if (!assistant) throw notFound("assistant");
  if (row?.knowledgeStamp) seedTurnMemo(tx, knowledgeStampKey(payload.businessId, assistant.id), jsonValue<KnowledgeStamp>(row.knowledgeStamp));
  const readable = readInbound(message.type, message.text, message.content);
  return {
    pending,
    ahead,
    turn: {
      db: tx,
      businessId: payload.businessId,
      businessName: business.name,
      conversation,
      contact: { id: contact.id, phone: contact.phone, address },
      timeZone: business.timeZone,
      hours: { weekly: hours?.weekly ?? {}, holidays: hours?.holidays ?? [] },
      awayMessage: hours?.awayMessage ?? null,
      delivery: deliveryRules(delivery),
      assistant,
      message: { id: message.id, content: message.content, kind: readable.kind, text: readable.kind === "text" ? readable.text : "" },
      unbilled: 0,
      charged: 0,
      halted: false,
      sent: [],
      loaded: {
        skills: jsonValue<SkillRow[]>(row?.skills ?? []),
        session: session ? { row: session, graph: jsonValue<unknown>(row?.sessionGraph ?? null) } : null,
        sessionTaken: false,
        lastReplyInteractive: jsonValue<InteractivePayload | null>(row?.lastReplyInteractive ?? null),
        previousInboundText: row?.previousInboundText ?? null,
      },
    },
  };
}

// Completing the job inside the turn's transaction makes the turn and its completion one commit.
async function finish(tx: Db, jobId: number | undefined): Promise<null> {
  if (jobId !== undefined) await completeJob(tx, jobId);
  return null;
}
