import { withSession } from "@/lib/dashboard/handler";
import { eventTypes } from "@/lib/db/schema/events";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";
import { endpointIn } from "@/lib/webhooks/webhook-schema";

// GET /api/dashboard/webhooks - the business's endpoints, and the event kinds one may subscribe to.
export const GET = withSession({ role: "owner" }, async ({ db, businessId }) => ({
  ...(await listEndpoints(db, businessId, { limit: 100 })),
  eventTypes,
}));

// POST /api/dashboard/webhooks - register an endpoint; the answer carries its signing secret, shown once.
export const POST = withSession({ role: "owner", body: endpointIn }, async ({ db, businessId, body }) => createEndpoint(db, businessId, body));
