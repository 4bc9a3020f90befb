import { z } from "zod";
import { conversationStatuses } from "../db/schema/conversations";

export const conversationStatusSchema = z.enum(conversationStatuses);

export const conversationOut = z.object({
  id: z.string().meta({ example: "conv_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  contactId: z.string(),
  status: conversationStatusSchema,
  lastInboundAt: z.string().nullable(),
  assigneeId: z.string().nullable(),
  tokensUsed: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversationOut = z.infer<typeof conversationOut>;
