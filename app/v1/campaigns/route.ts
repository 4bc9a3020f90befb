import { campaignsCreate, campaignsList } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET, POST /v1/campaigns
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: campaignsList, POST: campaignsCreate });
