import { z } from "zod";
import { eventTypes } from "../events/schemas";
import { webhookUrlProblem } from "./address-rules";

/** The payload type of the "send test event" action; never emitted by a change, so never subscribable. */
export const TEST_EVENT_TYPE = "webhook.test";

// The URL rules run at parse time too, so a bad url and bad events come back as two details at once.
const urlSchema = z
  .string()
  .min(1)
  .max(2048)
  .superRefine((url, ctx) => {
    const problem = webhookUrlProblem(url);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .meta({ example: "https://example.com/hooks/convo" });

// `["*"]` (everything, including kinds added later) or a non-empty subset of the five kinds.
export const subscribedEventsSchema = z
  .array(z.enum([...eventTypes, "*"]))
  .min(1)
  .max(eventTypes.length + 1)
  .refine((list) => !list.includes("*") || list.length === 1, 'Use ["*"] alone, or list the event kinds.')
  .transform((list) => [...new Set(list)])
  .meta({ example: ["message.received", "conversation.handoff"] });

export const endpointIn = z.object({
  url: urlSchema,
  events: subscribedEventsSchema,
  enabled: z.boolean().optional().default(true),
});

export const endpointPatch = z
  .object({ url: urlSchema.optional(), events: subscribedEventsSchema.optional(), enabled: z.boolean().optional() })
  .refine((p) => p.url !== undefined || p.events !== undefined || p.enabled !== undefined, "Give at least one of url, events, enabled.");
export type EndpointPatch = z.infer<typeof endpointPatch>;

export const endpointOut = z.object({
  id: z.string().meta({ example: "we_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable().describe("Why the service disabled the endpoint (every delivery failed for 3 days); null otherwise."),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EndpointOut = z.infer<typeof endpointOut>;

export const endpointWithSecretOut = endpointOut.extend({
  secret: z.string().describe("whsec_... signing secret: shown only here, at creation and on rotation.").meta({ example: "whsec_3kV9..." }),
});
export type EndpointWithSecretOut = z.infer<typeof endpointWithSecretOut>;

export const deliveryStatuses = ["pending", "succeeded", "failed"] as const;

export const deliveryOut = z.object({
  id: z.string().meta({ example: "whd_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeliveryOut = z.infer<typeof deliveryOut>;

export const attemptOut = z.object({
  id: z.string(),
  deliveryId: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  responseBody: z.string().nullable(),
  createdAt: z.string(),
});
export type AttemptOut = z.infer<typeof attemptOut>;
