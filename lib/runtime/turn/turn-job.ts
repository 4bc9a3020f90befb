import "server-only";
import { db } from "../../db/client";
import type { JobHandler } from "../../jobs/worker";
import { metrics } from "../../observability/metrics";
import { runAssistantTurn } from "./turn";

export { ASSISTANT_TURN_QUEUE } from "../../messages/receive-message";

/** The `assistant.turn` job: enqueued per inbound message on an open conversation, ordered per conversation. */
export const assistantTurnJob: JobHandler = async (payload, job) => {
  const endTimer = metrics().assistantTurnDuration.startTimer();
  try {
    await runAssistantTurn(
      db(),
      { businessId: String(payload.businessId), conversationId: String(payload.conversationId), messageId: String(payload.messageId) },
      job.id,
    );
    endTimer({ outcome: "answered" });
  } catch (err) {
    endTimer({ outcome: "error" });
    throw err;
  }
};
