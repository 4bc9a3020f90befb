import { z } from "zod";
import { getCampaignSettings, updateCampaignSettings } from "@/lib/campaigns/campaigns";
import { withSession } from "@/lib/dashboard/handler";

const body = z.object({
  throughputPerSecond: z.number().int().min(1).max(1000).optional(),
  ratePerSecond: z.number().int().min(1).max(1000).optional(),
  dailyLimit: z.number().int().min(1).max(10_000_000).nullable().optional(),
  optOutWords: z.array(z.string().trim().min(1).max(40)).max(50).optional(),
});

// GET /api/dashboard/campaigns/settings - the pace, the messaging-limit tier and the extra opt-out words.
export const GET = withSession({ role: "owner" }, async ({ db, businessId }) => {
  const { slowFactor: _s, ...settings } = await getCampaignSettings(db, businessId);
  return settings;
});

// PUT /api/dashboard/campaigns/settings
export const PUT = withSession({ role: "owner", body }, async ({ db, businessId, body }) => updateCampaignSettings(db, businessId, body));
