import { webhooksDeliveriesList } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET /v1/webhook-endpoints/{endpointId}/deliveries
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: webhooksDeliveriesList });
