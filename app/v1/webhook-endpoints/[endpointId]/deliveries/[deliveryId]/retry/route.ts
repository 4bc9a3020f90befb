import { webhooksDeliveryRetry } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// POST /v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/retry
export const { GET, POST, PUT, PATCH, DELETE } = routes({ POST: webhooksDeliveryRetry });
