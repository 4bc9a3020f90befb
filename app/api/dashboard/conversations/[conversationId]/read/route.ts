import { getConversation } from "@/lib/conversations/conversations";
import { withSession } from "@/lib/dashboard/handler";
import { conversationParams } from "@/lib/dashboard/schemas";
import { markConversationRead } from "@/lib/messages/message-signals";

// POST /api/dashboard/conversations/{id}/read - staff opened the thread: blue ticks for the customer.
export const POST = withSession({ role: "agent", params: conversationParams }, async ({ db, businessId, params }) => {
  await getConversation(db, businessId, params.conversationId);
  return { marked: await markConversationRead(db, businessId, params.conversationId) };
});
