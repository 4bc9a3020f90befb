import { conversationDetail } from "@/lib/dashboard/inbox";
import { withSession } from "@/lib/dashboard/handler";
import { conversationParams } from "@/lib/dashboard/schemas";

// GET /api/dashboard/conversations/{id} - the conversation, its contact, assignee and messaging window.
export const GET = withSession({ role: "agent", params: conversationParams }, async ({ db, businessId, params }) =>
  conversationDetail(db, businessId, params.conversationId),
);
