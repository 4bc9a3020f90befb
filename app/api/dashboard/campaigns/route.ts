import { z } from "zod";
import { campaignIn } from "@/lib/campaigns/campaign-schema";
import { createCampaign, listCampaigns } from "@/lib/campaigns/campaigns";
import { withSession } from "@/lib/dashboard/handler";
import { pageQuery } from "@/lib/dashboard/schemas";
import { campaignStatuses } from "@/lib/db/schema/campaigns";

// GET /api/dashboard/campaigns - campaigns with live counts (owners only, like the API's campaigns scopes).
export const GET = withSession(
  { role: "owner", query: pageQuery.extend({ status: z.enum(campaignStatuses).optional() }) },
  async ({ db, businessId, query }) => listCampaigns(db, businessId, query),
);

// POST /api/dashboard/campaigns - create (and start or schedule) a campaign.
export const POST = withSession({ role: "owner", body: campaignIn }, async ({ db, businessId, body }) => createCampaign(db, businessId, body));
