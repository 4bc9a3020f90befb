import { campaignsPreview } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// POST /v1/campaigns/preview
export const { GET, POST, PUT, PATCH, DELETE } = routes({ POST: campaignsPreview });
