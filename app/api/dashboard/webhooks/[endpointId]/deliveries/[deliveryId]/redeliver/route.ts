import { withSession } from "@/lib/dashboard/handler";
import { redeliver } from "@/lib/webhooks/deliveries";
import { deliveryParams as params } from "../../../params";

// POST /api/dashboard/webhooks/{id}/deliveries/{deliveryId}/redeliver - send it again now (same whd_ id and event).
export const POST = withSession({ role: "owner", params }, async ({ db, businessId, params }) =>
  redeliver(db, businessId, params.endpointId, params.deliveryId),
);
