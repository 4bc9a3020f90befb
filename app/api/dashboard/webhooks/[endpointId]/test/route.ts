import { withSession } from "@/lib/dashboard/handler";
import { sendTestEvent } from "@/lib/webhooks/deliveries";
import { endpointParams as params } from "../params";

// POST /api/dashboard/webhooks/{id}/test - queue a signed `webhook.test` delivery to this endpoint.
export const POST = withSession({ role: "owner", params }, async ({ db, businessId, params }) => sendTestEvent(db, businessId, params.endpointId));
