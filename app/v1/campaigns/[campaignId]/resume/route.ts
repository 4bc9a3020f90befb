import { campaignsResume } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// POST /v1/campaigns/{campaignId}/resume
export const { GET, POST, PUT, PATCH, DELETE } = routes({ POST: campaignsResume });
