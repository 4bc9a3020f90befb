import type { DeliveryLogRow } from "@/lib/dashboard/webhook-log";
import type { EndpointOut, EndpointWithSecretOut } from "@/lib/webhooks/webhook-schema";

// The shapes the webhooks page reads, from the lib's own schemas (types only, nothing server-side runs here).
export type Endpoint = EndpointOut;
export type EndpointWithSecret = EndpointWithSecretOut;
export type Delivery = DeliveryLogRow;
export type EndpointList = { data: Endpoint[]; nextCursor: string | null; eventTypes: string[] };

export const endpointUrl = (id: string, rest = "") => `/api/dashboard/webhooks/${encodeURIComponent(id)}${rest}`;
