import { webhooksDelete, webhooksGet, webhooksUpdate } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET, PATCH, DELETE /v1/webhook-endpoints/{endpointId}
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: webhooksGet, PATCH: webhooksUpdate, DELETE: webhooksDelete });
