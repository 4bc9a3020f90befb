import { inboxPage } from "@/lib/dashboard/inbox";
import { withSession } from "@/lib/dashboard/handler";
import { inboxQuery } from "@/lib/dashboard/schemas";

// GET /api/dashboard/conversations?status=handoff&assignee=me&contactId=ct_... - the inbox list.
export const GET = withSession({ role: "agent", query: inboxQuery }, async ({ db, businessId, userId, query }) =>
  inboxPage(db, businessId, {
    status: query.status,
    contactId: query.contactId || undefined,
    assigneeId: query.assignee === "me" ? userId : query.assignee === "unassigned" ? "unassigned" : undefined,
    limit: query.limit,
    cursor: query.cursor,
  }),
);
