import { z } from "zod";

// A message's file as the API and the webhook events show it (messages, message.received): one shape
// for both, below the messages and the event catalog that use it.

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
    voice: z
      .literal(true)
      .optional()
      .meta({ description: "Present on an audio the business sent as a WhatsApp voice note (`voice: true` when sending), not as an audio file." }),
  })
  .meta({ id: "MessageMedia" });
export type MediaOut = z.infer<typeof mediaOut>;
