import { mediaUpload } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// POST /v1/media
export const { GET, POST, PUT, PATCH, DELETE } = routes({ POST: mediaUpload });
