import { knowledgePatch } from "@/lib/assistants/assistant-schema";
import { deleteKnowledge, updateKnowledge } from "@/lib/assistants/knowledge";
import { withSession } from "@/lib/dashboard/handler";
import { knowledgeParams as params } from "../../params";

// PATCH /api/dashboard/assistants/{id}/knowledge/{itemId}
export const PATCH = withSession({ role: "owner", params, body: knowledgePatch }, async ({ db, businessId, params, body }) =>
  updateKnowledge(db, businessId, params.assistantId, params.itemId, body),
);

// DELETE /api/dashboard/assistants/{id}/knowledge/{itemId}
export const DELETE = withSession({ role: "owner", params }, async ({ db, businessId, params }) =>
  deleteKnowledge(db, businessId, params.assistantId, params.itemId),
);
