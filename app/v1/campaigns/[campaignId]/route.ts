import { campaignsGet } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET /v1/campaigns/{campaignId}
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: campaignsGet });
