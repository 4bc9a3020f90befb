import { withSession } from "@/lib/dashboard/handler";
import { pageQuery } from "@/lib/dashboard/schemas";
import { deliveryLog } from "@/lib/dashboard/webhook-log";
import { endpointParams as params } from "../params";

// GET /api/dashboard/webhooks/{id}/deliveries - the delivery log, newest first, each with its latest attempt.
export const GET = withSession({ role: "owner", params, query: pageQuery }, async ({ db, businessId, params, query }) =>
  deliveryLog(db, businessId, params.endpointId, query),
);
