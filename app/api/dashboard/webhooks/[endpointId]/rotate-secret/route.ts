import { withSession } from "@/lib/dashboard/handler";
import { rotateEndpointSecret } from "@/lib/webhooks/endpoints";
import { endpointParams as params } from "../params";

// POST /api/dashboard/webhooks/{id}/rotate-secret - a new signing secret at once, shown in this answer only.
export const POST = withSession({ role: "owner", params }, async ({ db, businessId, params }) =>
  rotateEndpointSecret(db, businessId, params.endpointId),
);
