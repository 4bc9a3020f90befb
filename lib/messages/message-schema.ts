import { z } from "zod";
import { phoneSchema } from "../contacts/contact-schema";
import { messageStatuses } from "../db/schema/messages";

export const templateRef = z.object({
  name: z.string().min(1).max(512),
  language: z.string().min(2).max(20),
  variables: z.array(z.string().max(1024)).max(100).default([]),
});

export const sendMessageIn = z
  .object({
    to: phoneSchema,
    type: z.enum(["text", "template"]).default("text"),
    text: z.string().min(1).max(4096).optional(),
    template: templateRef.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === "text" && v.text === undefined) ctx.addIssue({ code: "custom", path: ["text"], message: "text is required for a text message." });
    if (v.type === "template" && !v.template)
      ctx.addIssue({ code: "custom", path: ["template"], message: "template is required for a template message." });
  });
export type SendMessageIn = z.infer<typeof sendMessageIn>;

export const messageErrorOut = z.object({ code: z.string(), message: z.string(), channelCode: z.number().nullable() });

export const messageOut = z.object({
  id: z.string().meta({ example: "msg_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  conversationId: z.string(),
  direction: z.enum(["inbound", "outbound"]),
  source: z.enum(["assistant", "agent", "api", "customer", "campaign"]),
  type: z.string(),
  text: z.string(),
  status: z.enum(messageStatuses),
  template: templateRef.nullable(),
  error: messageErrorOut.nullable(),
  createdAt: z.string(),
});
export type MessageOut = z.infer<typeof messageOut>;

export const sendMessageOut = z.object({
  id: z.string(),
  status: z.enum(messageStatuses),
  conversationId: z.string(),
  createdAt: z.string(),
});
