import { webhooksRotateSecret } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// POST /v1/webhook-endpoints/{endpointId}/rotate-secret
export const { GET, POST, PUT, PATCH, DELETE } = routes({ POST: webhooksRotateSecret });
