import { campaignsCancel } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// POST /v1/campaigns/{campaignId}/cancel
export const { GET, POST, PUT, PATCH, DELETE } = routes({ POST: campaignsCancel });
