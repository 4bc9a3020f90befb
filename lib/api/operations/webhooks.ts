import { z } from "zod";
import { deliveryLog } from "../../dashboard/webhook-log";
import { eventTypes } from "../../events/schemas";
import { listDeliveries, listDeliveryAttempts, redeliver, sendTestEvent } from "../../webhooks/deliveries";
import {
  createEndpoint,
  deleteEndpoint,
  MAX_ENDPOINTS_PER_BUSINESS,
  getEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
} from "../../webhooks/endpoints";
import { deliveryOut, deliveryStatuses, endpointIn, endpointOut, endpointPatch, endpointWithSecretOut } from "../../webhooks/webhook-schema";
import { audited } from "../audit";
import { defineOperation } from "../operation";
import { idParam, pageOf, pageQuery, returns } from "./common";

// The audit trail keeps where deliveries go, not a query string (which may carry a receiver's token).
const urlForAudit = (url: string) => {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
};

const endpointParam = idParam("endpointId", "we_01JD7X4S9C8A3K2M5N6P7Q8R9T");
const deliveryParam = endpointParam.extend({
  deliveryId: z.string().min(1).max(100).meta({ example: "whd_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
});
const signing =
  "Deliveries are signed: `X-Service-Signature: sha256=<hex HMAC-SHA256 of the raw body keyed with the whole secret>`; see docs/webhooks.md.";

export const webhooksList = defineOperation({
  id: "webhooks-list",
  method: "GET",
  path: "/webhook-endpoints",
  scope: "webhooks:read",
  tag: "Webhooks",
  summary: "List webhook endpoints",
  query: pageQuery,
  response: pageOf(endpointOut),
  handler: async (ctx, { query }) => listEndpoints(ctx.db, ctx.businessId, query),
});

export const webhooksCreate = defineOperation({
  id: "webhooks-create",
  method: "POST",
  path: "/webhook-endpoints",
  scope: "webhooks:write",
  tag: "Webhooks",
  summary: "Register a webhook endpoint",
  description: `The URL must be https and must not point at a loopback, private or reserved address. The \`secret\` is returned only here and on rotation. A business can have at most ${MAX_ENDPOINTS_PER_BUSINESS} endpoints: registering another answers \`409 conflict\` and stores nothing. ${signing}`,
  body: endpointIn,
  response: endpointWithSecretOut,
  errors: ["conflict"],
  handler: async (ctx, { body }) =>
    audited(
      ctx,
      (tx) => createEndpoint(tx, ctx.businessId, body),
      (e) => ({
        action: "webhook_endpoint.created",
        target: { type: "webhook_endpoint", id: e.id },
        details: { url: urlForAudit(e.url), events: e.events },
      }),
    ),
});

export const webhooksGet = defineOperation({
  id: "webhooks-get",
  method: "GET",
  path: "/webhook-endpoints/{endpointId}",
  scope: "webhooks:read",
  tag: "Webhooks",
  summary: "Read a webhook endpoint",
  params: endpointParam,
  response: endpointOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) => getEndpoint(ctx.db, ctx.businessId, params.endpointId),
});

export const webhooksUpdate = defineOperation({
  id: "webhooks-update",
  method: "PATCH",
  path: "/webhook-endpoints/{endpointId}",
  scope: "webhooks:write",
  tag: "Webhooks",
  summary: "Change a webhook endpoint's url, events or enabled flag",
  description: "Enabling an endpoint clears `disabledReason`. Disabling it stops deliveries not yet sent.",
  params: endpointParam,
  body: endpointPatch,
  response: endpointOut,
  errors: ["not_found"],
  handler: async (ctx, { params, body }) =>
    audited(
      ctx,
      (tx) => updateEndpoint(tx, ctx.businessId, params.endpointId, body),
      (e) => ({
        action: "webhook_endpoint.updated",
        target: { type: "webhook_endpoint", id: e.id },
        details: { ...body, url: body.url && urlForAudit(body.url) },
      }),
    ),
});

export const webhooksDelete = defineOperation({
  id: "webhooks-delete",
  method: "DELETE",
  path: "/webhook-endpoints/{endpointId}",
  scope: "webhooks:write",
  tag: "Webhooks",
  summary: "Delete a webhook endpoint and its delivery log",
  params: endpointParam,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  errors: ["not_found"],
  handler: async (ctx, { params }) =>
    audited(
      ctx,
      (tx) => deleteEndpoint(tx, ctx.businessId, params.endpointId),
      (e) => ({ action: "webhook_endpoint.deleted", target: { type: "webhook_endpoint", id: e.id } }),
    ),
});

export const webhooksRotateSecret = defineOperation({
  id: "webhooks-rotate-secret",
  method: "POST",
  path: "/webhook-endpoints/{endpointId}/rotate-secret",
  scope: "webhooks:write",
  tag: "Webhooks",
  summary: "Replace an endpoint's signing secret",
  description: "The new secret is returned once and signs every later attempt, retries included; the old one stops at once.",
  params: endpointParam,
  response: endpointWithSecretOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) =>
    audited(
      ctx,
      (tx) => rotateEndpointSecret(tx, ctx.businessId, params.endpointId),
      (e) => ({ action: "webhook_endpoint.secret_rotated", target: { type: "webhook_endpoint", id: e.id } }),
    ),
});

export const webhooksDeliveriesList = defineOperation({
  id: "webhooks-deliveries-list",
  method: "GET",
  path: "/webhook-endpoints/{endpointId}/deliveries",
  scope: "webhooks:read",
  tag: "Webhooks",
  summary: "Page through an endpoint's deliveries, newest first",
  params: endpointParam,
  query: pageQuery.extend({ status: z.enum(deliveryStatuses).optional() }),
  response: pageOf(deliveryOut),
  errors: ["not_found"],
  handler: async (ctx, { params, query }) => listDeliveries(ctx.db, ctx.businessId, params.endpointId, query),
});

export const webhooksDeliveryRetry = defineOperation({
  id: "webhooks-delivery-retry",
  method: "POST",
  path: "/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/retry",
  scope: "webhooks:write",
  tag: "Webhooks",
  summary: "Send a delivery again now",
  description: "Same delivery id and same event payload; the delivery is `pending` until the attempt ends.",
  params: deliveryParam,
  response: deliveryOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) => redeliver(ctx.db, ctx.businessId, params.endpointId, params.deliveryId),
});

export const webhooksTest = defineOperation({
  id: "webhooks-test",
  method: "POST",
  path: "/webhook-endpoints/{endpointId}/test",
  scope: "webhooks:write",
  tag: "Webhooks",
  summary: "Send a signed `webhook.test` event to this endpoint only",
  params: endpointParam,
  response: deliveryOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) => sendTestEvent(ctx.db, ctx.businessId, params.endpointId),
});

// The webhooks page's read models (internal, owners only).

export const webhooksView = defineOperation({
  id: "internal-webhooks-view",
  method: "GET",
  path: "/internal/webhook-endpoints",
  scope: "webhooks:read",
  internal: true,
  role: "owner",
  tag: "Webhooks",
  summary: "The business's endpoints (up to 100) and the event kinds one may subscribe to",
  response: returns<Awaited<ReturnType<typeof listEndpoints>> & { eventTypes: typeof eventTypes }>(),
  handler: async (ctx) => ({ ...(await listEndpoints(ctx.db, ctx.businessId, { limit: 100 })), eventTypes }),
});

export const webhooksDeliveryLog = defineOperation({
  id: "internal-webhooks-delivery-log",
  method: "GET",
  path: "/internal/webhook-endpoints/{endpointId}/deliveries",
  scope: "webhooks:read",
  internal: true,
  role: "owner",
  tag: "Webhooks",
  summary: "The delivery log, newest first, each with its latest attempt",
  params: endpointParam,
  query: pageQuery,
  response: returns<Awaited<ReturnType<typeof deliveryLog>>>(),
  handler: async (ctx, { params, query }) => deliveryLog(ctx.db, ctx.businessId, params.endpointId, query),
});

export const webhooksDeliveryAttempts = defineOperation({
  id: "internal-webhooks-delivery-attempts",
  method: "GET",
  path: "/internal/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/attempts",
  scope: "webhooks:read",
  internal: true,
  role: "owner",
  tag: "Webhooks",
  summary: "Every attempt of one delivery, newest first",
  params: z.object({ endpointId: z.string().min(1).max(100), deliveryId: z.string().min(1).max(100) }),
  response: returns<{ data: Awaited<ReturnType<typeof listDeliveryAttempts>> }>(),
  handler: async (ctx, { params }) => ({ data: await listDeliveryAttempts(ctx.db, ctx.businessId, params.deliveryId) }),
});
