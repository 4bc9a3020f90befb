import { campaignsPause } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// POST /v1/campaigns/{campaignId}/pause
export const { GET, POST, PUT, PATCH, DELETE } = routes({ POST: campaignsPause });
