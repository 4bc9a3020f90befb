import { z } from "zod";
import { conversationStatuses } from "../db/schema/conversations";
import { labelRef } from "../shared/label-schema";

export const conversationStatusSchema = z.enum(conversationStatuses);

export const conversationCoreOut = z.object({
  id: z.string().meta({ example: "conv_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  contactId: z.string(),
  status: conversationStatusSchema,
  lastInboundAt: z.string().nullable(),
  assigneeId: z.string().nullable(),
  waitingSince: z.string().nullable().meta({
    description:
      "Since when the customer has been waiting for an answer: their first message after the business's last reply. A handoff starts the wait at once (at the handoff, or earlier when the customer was already waiting), and while handed off only a person's reply ends it: the assistant's messages, order-ready and other system messages (`source` `api`) and campaigns leave it running. Null when nobody is waiting; a closed conversation has none.",
  }),
  tokensUsed: z.number().int(),
  satisfaction: z
    .object({
      rating: z.number().int().meta({ description: "1 (very poor) to 5 (excellent)." }),
      comment: z.string().nullable(),
      ratedAt: z.string().nullable(),
    })
    .nullable()
    .meta({
      description:
        "The customer's rating of the resolved conversation (asked once when a conversation a person handled is closed); null until they rate it.",
    }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversationCore = z.infer<typeof conversationCoreOut>;

/** The public conversation object: the core fields and the labels it carries (issue 36). */
export const conversationOut = conversationCoreOut.extend({
  labels: z.array(labelRef).meta({ description: "The labels on the conversation (`{id, name, color}`), by name." }),
});
export type ConversationOut = z.infer<typeof conversationOut>;

const personRef = z.object({ id: z.string(), name: z.string().nullable() });

/**
 * A line of a conversation's history or an internal note, as `GET /v1/conversations/{id}/messages`
 * returns them beside the messages when asked with `include=events` / `include=notes`.
 */
export const conversationEventOut = z
  .object({
    id: z.string().meta({ example: "cev_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
    conversationId: z.string(),
    kind: z.enum(["note", "event"]).meta({ description: "`note`: an internal note (never sent to the customer); `event`: a history line." }),
    event: z
      .enum([
        "handed_off",
        "assigned",
        "unassigned",
        "returned",
        "closed",
        "reopened",
        "number_changed",
        "skill_completed",
        "skill_handed_back",
        "skill_discarded",
        "rated",
      ])
      .nullable()
      .meta({
        description:
          "What happened (null for a note). `skill_completed`, `skill_handed_back`, `skill_discarded`: a person completed, handed back to the assistant or dropped the skill the assistant was running when people took over (`text` names the skill).",
      }),
    text: z.string().nullable().meta({
      description:
        "A note's text; for handed_off and returned the reason (`agent_replied`, `customer_request`, `inactivity_timeout`, ...); for the skill lines the skill's name.",
    }),
    actor: z
      .object({
        type: z.enum(["agent", "assistant", "api", "system", "customer"]),
        user: personRef.nullable().meta({ description: "The member who acted, when a person did." }),
      })
      .meta({ description: "Who did it." }),
    assignee: personRef.nullable().meta({ description: "assigned: the new assignee." }),
    createdAt: z.string(),
  })
  .meta({ id: "ConversationEvent" });
export type ConversationEventOut = z.infer<typeof conversationEventOut>;

export const noteIn = z.object({ text: z.string().trim().min(1, "Write the note first.").max(4096) });
export const assignIn = z.object({
  userId: z.string().min(1).max(100).nullable().meta({ description: "A member of the business; null unassigns." }),
});
