import { z } from "zod";

// The skill the assistant was running when people took the conversation over (issue 36): what it had
// gathered, where it waited, and whether a person can complete it now. Built by
// lib/runtime/turn/takeover.ts; served by `GET /v1/conversations/{id}/skill` and shown in the thread.

const slot = z.object({
  variable: z.string().meta({ description: "The skill's variable (`party_size`, `when`, `cart`...)." }),
  label: z.string().meta({ description: "What staff call it (the question's label, the record's label, or the variable made readable)." }),
});

export const pausedSkillOut = z
  .object({
    conversationId: z.string(),
    skill: z.object({ id: z.string(), name: z.string() }),
    pausedAt: z.string().meta({ description: "When people took over." }),
    expiresAt: z.string().meta({
      description:
        "When the paused skill is dropped if nobody completes it or hands it back (24 hours after its last step); a place it holds then goes back.",
    }),
    waitingFor: z
      .object({
        nodeId: z.string(),
        variable: z.string().nullable(),
        label: z.string().nullable(),
        question: z.string().nullable().meta({ description: "What the assistant had asked and waits an answer to, in the customer's language." }),
      })
      .meta({ description: "The step the skill waits at." }),
    gathered: z
      .array(
        slot.extend({
          value: z.unknown().meta({ description: "As stored (an ISO date-time, a number, a cart...)." }),
          text: z.string().meta({ description: "As staff read it (dates in the business's time zone, a cart as its lines)." }),
        }),
      )
      .meta({ description: "What the customer had given, in the skill's order." }),
    collection: z.string().nullable().meta({ description: "The collection completing it writes to (`bookings`, `orders`, `leads`...)." }),
    changes: z
      .object({ recordId: z.string() })
      .nullable()
      .meta({ description: "Set when the skill was changing an earlier record: completing updates that one (`record.updated`)." }),
    fields: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: "The record's fields as completing it now would write them (null when it cannot be completed)." }),
    canComplete: z.boolean(),
    missing: z.array(slot).meta({ description: "What the skill still has to ask before it can write its record." }),
    reason: z.string().nullable().meta({ description: "Why it cannot be completed now (null when it can)." }),
    confirmation: z
      .string()
      .nullable()
      .meta({ description: "What the skill says to the customer once the record is written, in their language: a reply staff may send." }),
  })
  .meta({ id: "PausedSkill" });
export type PausedSkillOut = z.infer<typeof pausedSkillOut>;
