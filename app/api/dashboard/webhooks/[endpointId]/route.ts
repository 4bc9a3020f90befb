import { withSession } from "@/lib/dashboard/handler";
import { deleteEndpoint, updateEndpoint } from "@/lib/webhooks/endpoints";
import { endpointPatch } from "@/lib/webhooks/webhook-schema";
import { endpointParams as params } from "./params";

// PATCH /api/dashboard/webhooks/{id} - url, events, or the enable toggle (enabling clears an automatic disable).
export const PATCH = withSession({ role: "owner", params, body: endpointPatch }, async ({ db, businessId, params, body }) =>
  updateEndpoint(db, businessId, params.endpointId, body),
);

// DELETE /api/dashboard/webhooks/{id} - the endpoint and its delivery log.
export const DELETE = withSession({ role: "owner", params }, async ({ db, businessId, params }) => deleteEndpoint(db, businessId, params.endpointId));
