import { listAssistants } from "@/lib/assistants/assistants";
import { withSession } from "@/lib/dashboard/handler";

// GET /api/dashboard/assistants - the business's assistants (the first one answers by default).
export const GET = withSession({ role: "owner" }, async ({ db, businessId }) => ({ data: await listAssistants(db, businessId) }));
