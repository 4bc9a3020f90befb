import type { DeliveryLogRow } from "@/lib/dashboard/webhook-log";
import type { EndpointOut, EndpointWithSecretOut } from "@/lib/webhooks/webhook-schema";

// The shapes the webhooks page reads, from the lib's own schemas (types only, nothing server-side runs here).
export type Endpoint = EndpointOut;
export type EndpointWithSecret = EndpointWithSecretOut;
export type Delivery = DeliveryLogRow;
export type EndpointList = { data: Endpoint[]; nextCursor: string | null; eventTypes: string[] };

/** An endpoint in the public API (`/v1/webhook-endpoints/{id}...`), or with `internal` the dashboard's own reads of it (the delivery log). */
export const endpointUrl = (id: string, rest = "", internal = false) =>
  `/v1${internal ? "/internal" : ""}/webhook-endpoints/${encodeURIComponent(id)}${rest}`;
