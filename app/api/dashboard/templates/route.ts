import { withSession } from "@/lib/dashboard/handler";
import { pageQuery } from "@/lib/dashboard/schemas";
import { listTemplates } from "@/lib/templates/templates";

// GET /api/dashboard/templates - the business's templates (the inbox's picker outside the window).
export const GET = withSession({ role: "agent", query: pageQuery }, async ({ db, businessId, query }) => listTemplates(db, businessId, query));
