import { webhooksTest } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// POST /v1/webhook-endpoints/{endpointId}/test
export const { GET, POST, PUT, PATCH, DELETE } = routes({ POST: webhooksTest });
