import { z } from "zod";
import { assignConversation, closeConversation, handoffConversation, resumeConversation } from "@/lib/conversations/transitions";
import { withSession } from "@/lib/dashboard/handler";
import { conversationAction } from "@/lib/dashboard/schemas";

const params = z.object({ conversationId: z.string().min(1).max(100), action: conversationAction });
const body = z.object({ reason: z.string().max(500).optional(), userId: z.string().max(100).nullable().optional() });

// POST /api/dashboard/conversations/{id}/{handoff|resume|close|assign} - the inbox's buttons.
// `assign` takes { userId } (null unassigns) and defaults to the signed-in user ("Assign to me").
export const POST = withSession({ role: "agent", params, body }, async ({ db, businessId, userId, params, body }) => {
  const id = params.conversationId;
  switch (params.action) {
    case "handoff":
      return handoffConversation(db, businessId, id, { reason: body.reason ?? null, actor: "agent" });
    case "resume":
      return resumeConversation(db, businessId, id, "agent");
    case "close":
      return closeConversation(db, businessId, id, "agent");
    case "assign":
      return assignConversation(db, businessId, id, body.userId === undefined ? userId : body.userId);
  }
});
