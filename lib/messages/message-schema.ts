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

export const mediaOut = z
  .object({
    type: z.string().meta({ description: "image, audio, video, document or sticker.", example: "image" }),
    status: z
      .enum(["ready", "unavailable"])
      .meta({ description: "`unavailable`: the file could not be fetched from the channel (after retries) or broke a limit." }),
    mimeType: z.string().nullable().meta({ example: "image/jpeg" }),
    size: z.number().int().nullable().meta({ description: "Bytes." }),
    filename: z.string().nullable(),
    caption: z.string().nullable(),
    url: z
      .string()
      .nullable()
      .meta({ description: "A signed link to the file, valid for an hour (a day in webhooks); null when unavailable. Fetch it without an API key." }),
    transcript: z.string().nullable().meta({ description: "A voice note's transcript, when transcription is configured." }),
  })
  .meta({ id: "MessageMedia" });
export type MediaOut = z.infer<typeof mediaOut>;

export const messageErrorOut = z.object({ code: z.string(), message: z.string(), channelCode: z.number().nullable() });

export const messageOut = z.object({
  id: z.string().meta({ example: "msg_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  conversationId: z.string(),
  direction: z.enum(["inbound", "outbound"]),
  source: z.enum(["assistant", "agent", "api", "customer"]),
  type: z.string(),
  text: z.string(),
  status: z.enum(messageStatuses),
  template: templateRef.nullable(),
  error: messageErrorOut.nullable(),
  media: mediaOut.nullable(),
  location: z
    .object({ latitude: z.number(), longitude: z.number(), name: z.string().nullable(), address: z.string().nullable() })
    .nullable()
    .meta({ description: "A shared location (type `location`)." }),
  reactions: z
    .object({ customer: z.string().nullable(), business: z.string().nullable() })
    .meta({ description: "The latest emoji reaction of each side on this message (null: none)." }),
  createdAt: z.string(),
});
export type MessageOut = z.infer<typeof messageOut>;

export const sendMessageOut = z.object({
  id: z.string(),
  status: z.enum(messageStatuses),
  conversationId: z.string(),
  createdAt: z.string(),
});
