import { z } from "zod";
import { listRecipients } from "@/lib/campaigns/campaigns";
import { withSession } from "@/lib/dashboard/handler";
import { pageQuery } from "@/lib/dashboard/schemas";
import { recipientStatuses } from "@/lib/db/schema/campaigns";

const params = z.object({ campaignId: z.string().min(1).max(100) });
const query = pageQuery.extend({ status: z.enum([...recipientStatuses, "delivered", "read"]).optional() });

// GET /api/dashboard/campaigns/{id}/recipients - each recipient's variables, status and error.
export const GET = withSession({ role: "owner", params, query }, async ({ db, businessId, params, query }) =>
  listRecipients(db, businessId, params.campaignId, query),
);
