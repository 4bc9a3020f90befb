import { z } from "zod";
import { getCampaign } from "@/lib/campaigns/campaigns";
import { withSession } from "@/lib/dashboard/handler";

const params = z.object({ campaignId: z.string().min(1).max(100) });

// GET /api/dashboard/campaigns/{id} - one campaign with its live counts.
export const GET = withSession({ role: "owner", params }, async ({ db, businessId, params }) => getCampaign(db, businessId, params.campaignId));
