import { assistantsGet } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET /v1/assistants/{assistantId}
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: assistantsGet });
