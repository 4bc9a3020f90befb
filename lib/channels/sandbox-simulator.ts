import "server-only";
import { randomInt } from "node:crypto";
import { and, asc, desc, eq, gt, lte } from "drizzle-orm";
import { ulid } from "ulid";
import { phoneSchema } from "../shared/contact-schema";
import { findContactByPhone } from "../contacts/contacts";
import type { Db } from "../db/client";
import { businesses, conversations, type InteractivePayload, messages } from "../db/schema";
import { invalid } from "../errors";
import { receiveInboundMessage } from "../messages/receive-message";
import type { MessageOut } from "../messages/message-schema";
import { type MessageRow, messageView, withQuotes } from "../messages/messages";
import { findMediaFile } from "../media/media-files";
import { inboundMediaText, withTranscript } from "../media/transcribe";
import type { ChannelInbound } from "./channel";
import { markSandboxDelivered } from "./sandbox";

// What the dashboard's customer simulator calls (through its session-authenticated route): play a
// customer writing in, and read the thread as that customer's phone would show it.

/** A message as the API shows it, plus the choices the assistant offered (rendered as buttons or a list). */
export type SandboxThreadMessage = Omit<MessageOut, "interactive"> & { interactive: InteractivePayload | null };

export type SandboxThread = {
  contactId: string | null;
  /** The contact's latest conversation (a new one opens when a closed one gets a new message). */
  conversationId: string | null;
  conversationStatus: "open" | "handoff" | "closed" | null;
  /** Oldest first. */
  messages: SandboxThreadMessage[];
};

const PAGE = 200;

const view = (m: MessageRow): SandboxThreadMessage => ({ ...messageView(m), interactive: m.interactive ?? null });

/**
 * A phone no real customer has: +1 999 is not a North American area code, so a sandbox customer can
 * never be mistaken for a WhatsApp one (10 million numbers: a clash just continues that thread).
 */
export function newSandboxCustomer(): string {
  return `+1999${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;
}

export type SimulatedReply = { kind: "button" | "list"; id: string; title: string; description?: string | null };

export type SimulatedLocation = { latitude: number; longitude: number; name?: string | null; address?: string | null };

/**
 * A simulated customer message, received exactly like a WhatsApp one but on the sandbox channel: text,
 * a file uploaded through the dashboard (photo, voice note, video, document, sticker; `text` is then its
 * caption) or a shared location.
 */
export async function simulateInbound(
  db: Db,
  businessId: string,
  input: {
    phone: string;
    name?: string | null;
    text?: string | null;
    mediaId?: string | null;
    location?: SimulatedLocation | null;
    /** A template's quick reply pressed: its payload (the button's text when the send gave none) and its text. */
    button?: { payload: string; text: string } | null;
    /** A tapped reply button or a picked list row of an interactive message (its id and title). */
    reply?: SimulatedReply | null;
    /** A WhatsApp Flow filled in: its answer's fields, and its flow_token (default: the Flow message's id, as we send it). */
    flowReply?: { response: Record<string, unknown>; token?: string } | null;
    /** The message (ours) this one answers or quotes, as WhatsApp's context names it. */
    replyTo?: string | null;
  },
): Promise<{ message: SandboxThreadMessage; conversationId: string; contactId: string }> {
  if (!phoneSchema.safeParse(input.phone).success) throw invalid([{ path: "phone", message: "phone must be E.164, such as +19995550123." }]);
  const text = (input.text ?? "").trim();
  const plain = !input.mediaId && !input.location && !input.button && !input.reply && !input.flowReply;
  if ((plain && !text) || text.length > 4096) throw invalid([{ path: "text", message: "text must be 1..4096 characters." }]);
  // Replies follow the contact's channel: never let the simulator speak for a real WhatsApp customer.
  const existing = await findContactByPhone(db, businessId, input.phone);
  if (existing && existing.channel !== "sandbox") {
    const [business] = await db.select({ wa: businesses.whatsappPhoneNumberId }).from(businesses).where(eq(businesses.id, businessId));
    if (business?.wa) throw invalid([{ path: "phone", message: "This number is a WhatsApp contact; the simulator plays sandbox customers only." }]);
  }
  let body: Pick<ChannelInbound, "type" | "text" | "content" | "media"> = { type: "text", text, content: null, media: null };
  if (input.mediaId) {
    const file = await findMediaFile(db, businessId, input.mediaId);
    const media = await withTranscript(db, {
      fileId: file.id,
      kind: file.kind,
      mimeType: file.mimeType,
      size: file.size,
      filename: file.filename,
      caption: text || null,
      status: "ready",
    });
    body = { type: file.kind, text: inboundMediaText(media), content: null, media };
  } else if (input.button) {
    // As WhatsApp delivers a template's quick reply (type `button`), read like a reply button (parse-webhook.ts).
    const { payload, text: title } = input.button;
    body = { type: "button", text: title, content: { kind: "button_reply", id: payload, title, payload, text: title }, media: null };
  } else if (input.reply) {
    const { kind, id, title, description } = input.reply;
    // As WhatsApp's button_reply / list_reply (lib/channels/whatsapp/parse-webhook.ts): the title is the text.
    body = {
      type: "interactive",
      text: title,
      content: { kind: kind === "button" ? "button_reply" : "list_reply", id, title, ...(description ? { description } : {}) },
      media: null,
    };
  } else if (input.flowReply) {
    // As WhatsApp's interactive nfm_reply (parse-webhook.ts): response_json's fields with the flow_token.
    const token = input.flowReply.token ?? input.replyTo ?? null;
    const response = { ...(token ? { flow_token: token } : {}), ...input.flowReply.response };
    body = { type: "interactive", text: "Sent", content: { kind: "nfm_reply", name: "flow", body: "Sent", token, response }, media: null };
  } else if (input.location) {
    const { latitude, longitude, name, address } = input.location;
    const label = [`${latitude},${longitude}`, name || address].filter(Boolean).join(" ");
    body = {
      type: "location",
      text: `[location] ${label}`,
      content: { latitude, longitude, name: name || null, address: address || null },
      media: null,
    };
  }
  // The quoted message is named as the channel names it; one of another contact or business quotes nothing.
  const quoted =
    input.replyTo && existing
      ? await db
          .select({ channelId: messages.channelMessageId })
          .from(messages)
          .where(and(eq(messages.id, input.replyTo), eq(messages.businessId, businessId), eq(messages.contactId, existing.id)))
      : [];
  const { message } = await receiveInboundMessage(db, businessId, {
    channel: "sandbox",
    replyToChannelId: quoted[0]?.channelId ?? null,
    from: input.phone,
    profileName: input.name?.trim() || null,
    channelMessageId: `sbx_${ulid()}`,
    timestamp: new Date(),
    ...body,
  });
  const [shown] = await withQuotes(db, businessId, [view(message)]);
  return { message: shown, conversationId: message.conversationId, contactId: message.contactId };
}

/**
 * The sandbox customer's thread across their conversations (as their phone would show it), oldest
 * first: the messages after `afterMessageId` (ids sort by time), or the latest page without it. Reading it is the customer seeing it, so every sandbox reply up to
 * the last one returned moves sent -> delivered.
 */
export async function sandboxThread(db: Db, businessId: string, phone: string, afterMessageId?: string | null): Promise<SandboxThread> {
  const contact = await findContactByPhone(db, businessId, phone);
  if (!contact) return { contactId: null, conversationId: null, conversationStatus: null, messages: [] };
  const [conversation] = await db
    .select({ id: conversations.id, status: conversations.status })
    .from(conversations)
    .where(and(eq(conversations.businessId, businessId), eq(conversations.contactId, contact.id)))
    .orderBy(desc(conversations.createdAt), desc(conversations.id))
    .limit(1);
  const ofContact = and(eq(messages.businessId, businessId), eq(messages.contactId, contact.id));
  const rows = afterMessageId
    ? await db
        .select()
        .from(messages)
        .where(and(ofContact, gt(messages.id, afterMessageId)))
        .orderBy(asc(messages.id))
        .limit(PAGE)
    : (await db.select().from(messages).where(ofContact).orderBy(desc(messages.id)).limit(PAGE)).reverse();

  const shownUpTo = [rows.at(-1)?.id, afterMessageId]
    .filter((id): id is string => !!id)
    .sort()
    .at(-1);
  if (shownUpTo) {
    const waiting = await db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(ofContact, eq(messages.channel, "sandbox"), eq(messages.direction, "outbound"), eq(messages.status, "sent"), lte(messages.id, shownUpTo)),
      );
    const delivered = new Set(
      await markSandboxDelivered(
        db,
        businessId,
        waiting.map((w) => w.id),
      ),
    );
    for (const row of rows) if (delivered.has(row.id)) row.status = "delivered";
  }
  return {
    contactId: contact.id,
    conversationId: conversation?.id ?? null,
    conversationStatus: conversation?.status ?? null,
    // A quoted message shows as its phone shows it (the quote's text above the reply).
    messages: await withQuotes(db, businessId, rows.map(view)),
  };
}
