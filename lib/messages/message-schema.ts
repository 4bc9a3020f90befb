import { z } from "zod";
import { addressSchema } from "../shared/customer-address";
import { type MediaOut, mediaOut } from "../shared/media-schema";
import { messageStatuses } from "../db/schema/messages";
import { flowReplyOut } from "../shared/flow-schema";
import { interactiveMessage } from "../shared/interactive-schema";

export const mediaRef = z.union([
  z
    .object({ id: z.string().min(1).max(100).meta({ description: "A file from `POST /v1/media`.", example: "med_01JD7X4S9C8A3K2M5N6P7Q8R9T" }) })
    .strict(),
  z
    .object({
      url: z
        .string()
        .min(1)
        .max(2048)
        .meta({ description: "A public http(s) URL we fetch the file from (at most 100 MB).", example: "https://example.com/invoice.pdf" }),
    })
    .strict(),
]);

const templateVariablesIn = z
  .union([
    z.array(z.string().max(1024)).max(100),
    z.record(z.string().regex(/^[a-z][a-z0-9_]*$/, "A named variable is lower-case letters, digits and underscores."), z.string().max(1024)),
  ])
  .default([])
  .meta({
    description:
      'The body\'s variables: an array in order ({{1}}, {{2}}, ...; for a named template, the names in the order they first appear), or for a named template an object by name (`{"order_id": "A-1042"}`). A text header\'s variable is given in `header.text`.',
  });

export const templateRef = z.object({
  name: z.string().min(1).max(512),
  language: z.string().min(2).max(20),
  variables: templateVariablesIn,
  header: z
    .union([
      z.object({ text: z.string().min(1).max(60).meta({ description: "The value of a text header's variable." }) }).strict(),
      z
        .object({
          media: mediaRef.meta({ description: "The header's image, video or document: a file from `POST /v1/media`, or a public URL we fetch." }),
          filename: z.string().min(1).max(240).optional().meta({ description: "The name a document header is shown with." }),
        })
        .strict(),
    ])
    .optional()
    .meta({ description: "What the template's header needs: the value of a text header's variable, or the file of a media header." }),
  buttons: z
    .array(
      z
        .object({
          index: z.number().int().min(0).max(9).meta({ description: "The button's position in the template, from 0." }),
          text: z
            .string()
            .min(1)
            .max(2000)
            .optional()
            .meta({ description: "A URL button's variable part (appended to its URL), or a copy code button's code (at most 15 characters)." }),
          payload: z.string().min(1).max(1000).optional().meta({
            description:
              "A quick reply button's payload, sent back when the customer presses it (default: the button's text); a Flow button's `flow_token`, sent back with the customer's answer (default: the message's id).",
          }),
        })
        .strict(),
    )
    .max(10)
    .optional()
    .meta({ description: "Values for the template's buttons: every URL button with a variable and every copy code button needs one." }),
});

/** A template message as stored and shown: the values sent, with the template's header, footer and buttons. */
export const templateSentOut = z.object({
  name: z.string(),
  language: z.string(),
  variables: z.union([z.array(z.string()), z.record(z.string(), z.string())]),
  header: z
    .object({
      format: z.enum(["text", "image", "video", "document"]),
      text: z.string().nullable(),
      variable: z.string().optional(),
      value: z.string().optional().meta({ description: "The value this message gave a text header's variable." }),
    })
    .nullable()
    .optional()
    .meta({ description: "The header: its text, or the format of its file (the file is the message's `media`)." }),
  footer: z.string().nullable().optional(),
  buttons: z
    .array(
      z.object({
        index: z.number().int(),
        type: z.enum(["quick_reply", "url", "phone_number", "copy_code", "flow"]),
        text: z.string(),
        value: z.string().nullable().meta({
          description:
            "The URL's variable part, the code to copy, a quick reply's payload, or a Flow button's `flow_token` (null: the message's id).",
        }),
      }),
    )
    .optional(),
});

export const outboundMediaTypes = ["image", "document", "audio", "video"] as const;

export const sendMessageIn = z
  .object({
    to: addressSchema.describe(
      "The customer: an E.164 phone, or the WhatsApp business-scoped user id (BSUID) of a customer WhatsApp names without a number (sent as Meta's `recipient`).",
    ),
    type: z.enum(["text", "template", "interactive", ...outboundMediaTypes]).default("text"),
    text: z
      .string()
      .min(1)
      .max(4096)
      .optional()
      .meta({ description: "The message; for image, video and document the caption (at most 1024 characters)." }),
    template: templateRef.optional(),
    media: mediaRef.optional(),
    filename: z.string().min(1).max(240).optional().meta({ description: "The name a document is shown with (defaults to the uploaded file's)." }),
    voice: z.boolean().optional().meta({
      description:
        "For `audio`: send it as a WhatsApp voice note (played inline, with the business's picture and a microphone), not an audio file. The file must be OGG/Opus; a WebM/Opus recording (what Chromium's MediaRecorder makes) is rewrapped as OGG without re-encoding.",
    }),
    interactive: interactiveMessage.optional().meta({
      description:
        'For `type: interactive`: reply buttons (`button`, up to 3), a list (`list`, up to 10 rows in up to 10 sections), a call-to-action URL button (`cta_url`), a location request (`location_request`) or a registered WhatsApp Flow (`flow`, from `POST /v1/flows`), within WhatsApp\'s limits (docs/whatsapp.md, "Interactive messages", "WhatsApp Flows"). Free-form: needs the 24-hour window open.',
    }),
    replyTo: z.string().min(1).max(100).optional().meta({
      description:
        "Quote a message: the id of a message of the customer's current conversation (sent with WhatsApp's `context.message_id`). Any other id (unknown, another conversation's, another business's) answers 400 `invalid_request` with a detail on `replyTo`.",
      example: "msg_01JD7X4S9C8A3K2M5N6P7Q8R9T",
    }),
    source: z.enum(["api", "agent"]).optional().meta({
      description:
        "Who wrote it. `api` (the default): your systems; the assistant keeps answering. `agent`: a person of the business (e.g. from your own helpdesk): the assistant steps back as for an inbox reply (the conversation moves to `handoff` with reason `agent_replied`, the first person to reply is assigned, and a running skill is paused with what it gathered: `GET /v1/conversations/{id}/skill`). A signed-in dashboard member's message is always `agent`.",
    }),
    seenUpTo: z.string().min(1).max(100).optional().meta({
      description:
        'A person\'s message only (`source: "agent"` or a signed-in member): the id of the latest message of the conversation the writer had seen. When another person replied after it, nothing is sent and the answer is 409 `already_replied` naming that reply; send again with `force: true` to send anyway. Ignored for `api` messages.',
      example: "msg_01JD7X4S9C8A3K2M5N6P7Q8R9T",
    }),
    force: z.boolean().optional().meta({ description: "Send even though another person replied after `seenUpTo`." }),
  })
  .superRefine((v, ctx) => {
    if (v.type === "text" && v.text === undefined) ctx.addIssue({ code: "custom", path: ["text"], message: "text is required for a text message." });
    if (v.type === "template" && !v.template)
      ctx.addIssue({ code: "custom", path: ["template"], message: "template is required for a template message." });
    const isMedia = (outboundMediaTypes as readonly string[]).includes(v.type);
    if (isMedia && !v.media) ctx.addIssue({ code: "custom", path: ["media"], message: `media ({id} or {url}) is required for a ${v.type} message.` });
    if (v.type === "interactive" && !v.interactive)
      ctx.addIssue({ code: "custom", path: ["interactive"], message: "interactive is required for an interactive message." });
    if (v.type !== "interactive" && v.interactive)
      ctx.addIssue({ code: "custom", path: ["interactive"], message: "interactive is only for `type: interactive`." });
    if (v.type === "interactive" && v.text !== undefined)
      ctx.addIssue({ code: "custom", path: ["text"], message: "An interactive message's text is its interactive.body." });
    if (v.type === "template" && v.replyTo !== undefined)
      ctx.addIssue({ code: "custom", path: ["replyTo"], message: "A template message cannot quote a message." });
    if (!isMedia && v.media)
      ctx.addIssue({ code: "custom", path: ["media"], message: "media is only for image, document, audio and video messages." });
    if (v.voice && v.type !== "audio") ctx.addIssue({ code: "custom", path: ["voice"], message: "voice is only for an audio message." });
    if (v.type === "audio" && v.text !== undefined) ctx.addIssue({ code: "custom", path: ["text"], message: "An audio message has no caption." });
    if (isMedia && v.text && v.text.length > 1024)
      ctx.addIssue({ code: "custom", path: ["text"], message: "A caption may be at most 1024 characters." });
  });
export type SendMessageIn = z.infer<typeof sendMessageIn>;

// The media object of a message (and of the message.received event): lib/shared/media-schema.ts.
export { type MediaOut, mediaOut };

export const messageErrorOut = z.object({
  code: z
    .string()
    .describe(
      "Why it failed: `outside_messaging_window`, `marketing_limited` (WhatsApp 131049: Meta holds back marketing to this customer for now; not retried), `marketing_opted_out` (131050: the customer stopped marketing messages in WhatsApp; opted out of campaigns here too), `channel_experiment` (130472), `undeliverable` (131026), or `channel_error` (any other refusal).",
    ),
  message: z.string(),
  channelCode: z.number().nullable().describe("The channel's own code (WhatsApp's error.code), null when it gave none."),
});

export const messageOut = z.object({
  id: z.string().meta({ example: "msg_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  conversationId: z.string(),
  direction: z.enum(["inbound", "outbound"]),
  source: z
    .enum(["assistant", "agent", "api", "customer", "campaign", "meta_agent"])
    .describe("Who wrote it; `meta_agent`: Meta Business Agent answered on the number (a WhatsApp standby echo), not this service."),
  type: z.string(),
  text: z.string(),
  status: z.enum(messageStatuses),
  template: templateSentOut.nullable(),
  error: messageErrorOut.nullable(),
  media: mediaOut.nullable(),
  location: z
    .object({ latitude: z.number(), longitude: z.number(), name: z.string().nullable(), address: z.string().nullable() })
    .nullable()
    .meta({ description: "A shared location (type `location`)." }),
  replyTo: z.string().nullable().meta({ description: "The id of the message this one quotes (a WhatsApp reply), null when none or unknown." }),
  quoted: z
    .object({ id: z.string(), direction: z.enum(["inbound", "outbound"]), type: z.string(), text: z.string() })
    .nullable()
    .meta({ description: "The quoted message in short (its text as the thread shows it), null when none." }),
  interactive: interactiveMessage.nullable().meta({
    description:
      "What an outbound interactive message offered (buttons, list, CTA URL, location request, a Flow with the registration's `flowId` and `name` written in), as sent with `POST /v1/messages`.",
  }),
  choice: z
    .object({ kind: z.enum(["button", "list"]), id: z.string(), title: z.string(), description: z.string().nullable() })
    .nullable()
    .meta({
      description: "The customer's answer to an interactive message (a tapped button or a picked list row): the id you gave it and its title.",
    }),
  flowReply: flowReplyOut.nullable().meta({
    description:
      "The customer's answer to a WhatsApp Flow (an inbound `interactive` of WhatsApp's type `nfm_reply`): the Flow it answers and its fields; the message's `text` is their summary. Null for other messages.",
  }),
  reactions: z
    .object({ customer: z.string().nullable(), business: z.string().nullable() })
    .meta({ description: "The latest emoji reaction of each side on this message (null: none)." }),
  author: z
    .object({ id: z.string(), name: z.string().nullable() })
    .nullable()
    .meta({ description: "The member who wrote an `agent` message (its `name` in lists); null for the others." }),
  pricing: z
    .object({
      billable: z.boolean(),
      category: z.string().meta({
        description: "marketing, marketing_lite, utility, authentication, authentication_international, service, referral_conversion, as Meta says.",
      }),
      model: z.string().nullable().meta({ description: "Meta's pricing_model: PMP (per message) or CBP." }),
      type: z.string().nullable().meta({ description: "Meta's pricing type: regular, free_customer_service, free_entry_point." }),
      country: z.string().nullable().meta({ description: "The recipient's country (ISO 3166 alpha-2), read from their number." }),
    })
    .nullable()
    .meta({ description: "What WhatsApp charges for this outbound message, from its status webhooks; null until one says." }),
  createdAt: z.string(),
});
export type MessageOut = z.infer<typeof messageOut>;

export const mediaFileOut = z
  .object({
    id: z.string().meta({ example: "med_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
    type: z.enum(["image", "audio", "video", "document", "sticker"]),
    mimeType: z.string(),
    size: z.number().int(),
    filename: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "MediaFile" });
export type MediaFileOut = z.infer<typeof mediaFileOut>;

export const mediaUploadIn = z
  .object({
    file: z.string().meta({ format: "binary", description: "The file. Its part's Content-Type is its type." }),
    type: z
      .enum(["image", "audio", "video", "document", "sticker"])
      .optional()
      .meta({ description: "Send before `file`. Default: from the file's Content-Type." }),
    filename: z.string().optional().meta({ description: "Send before `file`. Default: the part's filename." }),
  })
  .meta({ id: "MediaUpload" });

export const sendMessageOut = z.object({
  id: z.string(),
  status: z.enum(messageStatuses),
  conversationId: z.string(),
  createdAt: z.string(),
});
