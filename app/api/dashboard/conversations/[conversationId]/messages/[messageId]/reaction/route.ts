import { z } from "zod";
import { withSession } from "@/lib/dashboard/handler";
import { reactAsBusiness } from "@/lib/messages/message-signals";

const params = z.object({ conversationId: z.string().min(1).max(100), messageId: z.string().min(1).max(100) });

// PUT /api/dashboard/conversations/{id}/messages/{messageId}/reaction - staff react ("" removes it).
export const PUT = withSession({ role: "agent", params, body: z.object({ emoji: z.string().max(32) }) }, async ({ db, businessId, params, body }) => {
  await reactAsBusiness(db, businessId, params.messageId, body.emoji, params.conversationId);
  return { ok: true };
});
