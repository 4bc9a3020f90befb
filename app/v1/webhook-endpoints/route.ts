import { webhooksCreate, webhooksList } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET, POST /v1/webhook-endpoints
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: webhooksList, POST: webhooksCreate });
