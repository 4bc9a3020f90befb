import "server-only";
import { db } from "../../db/client";
import { JOB_COMPLETED, runs } from "../../jobs/worker";
import { assistantTurn, type ReceiveOptions } from "../../messages/receive-message";
import { metrics } from "../../observability/metrics";
import { chargeFailedAtCommit } from "../../wallet/wallet";
import { componentLogger } from "../../observability/log";
import { answerInTransaction, runAssistantTurn } from "./turn";

/** The `assistant.turn` job: enqueued per inbound message on an open conversation, ordered per conversation. */
export const assistantTurnJob = runs(assistantTurn, async (payload, job) => {
  const endTimer = metrics().assistantTurnDuration.startTimer();
  try {
    const settled = await runAssistantTurn(
      db(),
      { businessId: String(payload.businessId), conversationId: String(payload.conversationId), messageId: String(payload.messageId) },
      job.id,
    );
    endTimer({ outcome: "answered" });
    // The turn removed its job in its own last commit: the worker has nothing left to remove.
    if (settled) return JOB_COMPLETED;
  } catch (err) {
    endTimer({ outcome: "error" });
    throw err;
  }
});

const log = componentLogger("assistant");

/**
 * A turn answered in its message's transaction (answerInTransaction): what the server's inbound job
 * does without a model, where a turn is one short pass. Timed as the turn's job is; a failure is
 * logged and counted, and the message is then stored again with its turn queued as a job.
 */
export const answerWithMessage: ReceiveOptions = {
  async answer(tx, turn, conversation) {
    const endTimer = metrics().assistantTurnDuration.startTimer();
    const answered = await answerInTransaction(tx, turn, conversation);
    if (answered) endTimer({ outcome: "answered" });
    return answered;
  },
  answerFailed(err) {
    metrics().assistantTurnDuration.observe({ outcome: "error" }, 0);
    // A concurrent reply took the tokens this one was charged at commit: its job answers again, and a
    // balance that is short by then hands the conversation to a person.
    if (chargeFailedAtCommit(err)) log.warn("a reply's tokens were taken by a concurrent reply: the message is stored with its turn queued");
    else log.error({ err }, "answering with the message failed: the message is stored with its turn queued");
  },
};
