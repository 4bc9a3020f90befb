import { z } from "zod";
import { labelRef } from "../shared/label-schema";
import { flowReplyOut } from "../shared/flow-schema";
import { mediaOut } from "../shared/media-schema";

// Every webhook event, one entry each: the fields it adds to the common {id, type, createdAt}. This
// one table types `emitEvent` (a payload that does not match its event is a compile error), lists the
// event types (the events table, the webhook subscription enum), and generates the OpenAPI document's
// `webhooks` section and the README's event table (`npm run events:readme`).
//
// Adding an event: add its entry below (description on each field that needs one), emit it with
// `emitEvent(tx, businessId, "thing.happened", {...})` in the transaction of the change, then run
// `npm run events:readme`. See docs/api-contract.md, "Events".

const flexible = z.record(z.string(), z.unknown());
const appointment = z.object({
  id: z.string(),
  serviceId: z.string(),
  staffId: z.string(),
  contactId: z.string(),
  start: z.string(),
  end: z.string(),
  bufferEnd: z.string(),
  status: z.string(),
  notes: z.string().nullable(),
});

export const eventSchemas = {
  "message.received": {
    conversationId: z.string(),
    from: z.string().describe("(the customer's E.164 phone, or their WhatsApp BSUID when WhatsApp gave no phone)"),
    waUserId: z.string().nullable().optional().describe("(the customer's WhatsApp business-scoped user id, when known)"),
    username: z.string().nullable().optional().describe("(the customer's WhatsApp username, when they have one)"),
    text: z.string().nullable(),
    messageId: z.string(),
    contactId: z.string(),
    messageType: z.string().optional().describe("(`text`, `image`, `audio`, `location`, `order`, ...)"),
    media: mediaOut.nullable().optional().describe("(a media message's file, as on messages; its `url` is valid for a day)"),
    replyTo: z.string().nullable().optional().describe("(present when the customer quoted or answered a message this service knows: its id)"),
    choice: z
      .object({ kind: z.enum(["button", "list"]), id: z.string(), title: z.string(), description: z.string().nullable() })
      .nullable()
      .optional()
      .describe("(present for a tapped reply button or picked list row: the id you gave it, and its title)"),
    location: z
      .object({ latitude: z.number(), longitude: z.number(), name: z.string().nullable(), address: z.string().nullable() })
      .nullable()
      .optional()
      .describe("(present for a shared location, type `location`)"),
    flowReply: flowReplyOut
      .nullable()
      .optional()
      .describe("(present for a WhatsApp Flow's answer: `{flow, flowId, name, token, fields}`; `text` is the fields' summary)"),
  },
  "message.sent": {
    conversationId: z.string(),
    messageId: z.string(),
    to: z.string().describe("(the E.164 phone it went to, or the BSUID for a customer WhatsApp names only by one)"),
    text: z.string().nullable(),
    source: z.string().describe("(`assistant`, `agent`, `api`, `campaign`)"),
    campaignId: z.string().optional().describe("(campaign sends only)"),
  },
  "conversation.handoff": {
    conversationId: z.string(),
    contactId: z.string(),
    status: z.literal("handoff").describe("(`handoff`)"),
    reason: z.string().nullable().describe("(`agent_replied` when a person's reply paused the assistant; or `null`)"),
    labels: z.array(labelRef).describe("(the conversation's labels, `{id, name, color}`)"),
  },
  "conversation.assigned": {
    conversationId: z.string(),
    contactId: z.string(),
    assigneeId: z.string().nullable().describe("(the member now responsible; `null`: unassigned)"),
    previousAssigneeId: z.string().nullable(),
    reason: z.enum(["manual", "agent_replied", "round_robin"]).describe("(`manual`, `agent_replied`, `round_robin`)"),
    labels: z.array(labelRef).describe("(the conversation's labels, `{id, name, color}`)"),
  },
  "conversation.labeled": {
    conversationId: z.string(),
    contactId: z.string(),
    labels: z.array(labelRef).describe("(every label the conversation now carries, `{id, name, color}`)"),
    added: z.array(labelRef).describe("(the label put on, or empty)"),
    removed: z.array(labelRef).describe("(the label taken off, or empty)"),
  },
  "conversation.rated": {
    conversationId: z.string(),
    contactId: z.string(),
    rating: z.number().int().describe("(1..5, the customer's satisfaction with a resolved conversation a person handled)"),
    comment: z.string().nullable().describe("(the customer's optional comment; sent again with it when it arrives, else `null`)"),
    agentId: z.string().nullable().describe("(the member the conversation was assigned to when it was resolved)"),
  },
  "record.created": {
    collection: z.string(),
    record: z.object({ id: z.string(), fields: flexible }).describe("`{id, fields}`"),
    conversationId: z.string().nullable(),
  },
  "record.updated": {
    collection: z.string(),
    record: z.object({ id: z.string(), fields: flexible, status: z.string() }).describe("`{id, fields, status}`"),
    previous: z.object({ fields: flexible, status: z.string() }).describe("`{fields, status}`"),
    conversationId: z.string().nullable(),
  },
  "appointment.created": {
    appointment: appointment.describe(
      "`{id, serviceId, staffId, contactId, start, end, bufferEnd, status, notes}` (times with the business's offset)",
    ),
  },
  "appointment.updated": {
    appointment: appointment.describe("(as on `appointment.created`, after the change)"),
    previous: z
      .object({ status: z.string(), start: z.string(), staffId: z.string() })
      .describe("`{status, start, staffId}` before the change (a reschedule, a cancellation, a no-show)"),
  },
  "contact.created": {
    contact: flexible.describe("`{id, phone, waUserId, username, name, tags, metadata, createdAt}`"),
  },
  "contact.updated": {
    contact: flexible.describe("(with `optedOut`)"),
    changes: z.array(z.string()).describe('(`["optedOut"]`)'),
    source: z
      .enum(["customer", "staff", "api", "channel"])
      .describe("(`customer`, `staff`, `api`, or `channel`: the customer stopped marketing messages in WhatsApp)"),
  },
  "contact.deleted": {
    contactId: z.string(),
    erased: z
      .object({ conversations: z.number(), messages: z.number(), mediaFiles: z.number(), records: z.number(), events: z.number() })
      .describe("`{conversations, messages, mediaFiles, records, events}`: what the erasure removed (records: kept with personal fields cleared)"),
  },
  "campaign.completed": {
    campaign: z.object({ id: z.string(), name: z.string(), counts: flexible.optional() }).describe("`{id, name, counts}`"),
  },
} satisfies Record<string, z.ZodRawShape>;

export type EventType = keyof typeof eventSchemas;
export const eventTypes = Object.keys(eventSchemas) as [EventType, ...EventType[]];

/** What an event of type T carries besides {id, type, createdAt}, as emitEvent takes it. */
export type EventFields<T extends EventType> = z.input<z.ZodObject<(typeof eventSchemas)[T]>>;

/** The whole delivered body of an event of type T (the OpenAPI `webhooks` entry). */
export function eventBody<T extends EventType>(type: T) {
  return z.object({ id: z.string(), type: z.literal(type), createdAt: z.string(), ...eventSchemas[type] });
}
