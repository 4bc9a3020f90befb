import { withSession } from "@/lib/dashboard/handler";
import { listDeliveryAttempts } from "@/lib/webhooks/deliveries";
import { deliveryParams as params } from "../../params";

// GET /api/dashboard/webhooks/{id}/deliveries/{deliveryId} - every attempt of one delivery, newest first.
export const GET = withSession({ role: "owner", params }, async ({ db, businessId, params }) => ({
  data: await listDeliveryAttempts(db, businessId, params.deliveryId),
}));
