import "server-only";
import { db } from "../../db/client";
import { JOB_COMPLETED, runs } from "../../jobs/worker";
import { assistantTurn } from "../../messages/receive-message";
import { metrics } from "../../observability/metrics";
import { runAssistantTurn } from "./turn";

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
