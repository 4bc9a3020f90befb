import { z } from "zod";
import { moveCampaign } from "@/lib/campaigns/campaigns";
import { withSession } from "@/lib/dashboard/handler";

const params = z.object({ campaignId: z.string().min(1).max(100), action: z.enum(["pause", "resume", "cancel"]) });

// POST /api/dashboard/campaigns/{id}/pause|resume|cancel
export const POST = withSession({ role: "owner", params }, async ({ db, businessId, params }) =>
  moveCampaign(db, businessId, params.campaignId, params.action),
);
