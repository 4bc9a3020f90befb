import "server-only";
import type { Db } from "../db/client";
import { and, eq } from "drizzle-orm";
import { type InteractivePayload, messages } from "../db/schema";
import { ensureContact } from "../contacts/contacts";
import { ensureConversation } from "../conversations/conversations";
import { AppError, invalid } from "../errors";
import { assertSendable, findTemplate, type TemplateSend, templateSend } from "../templates/templates";
import { flowMessage } from "../flows/flows";
import { holdMediaFile } from "../media/media-files";
import { mediaText, resolveOutboundMedia } from "../media/outbound-media";
import { asVoiceNote } from "../media/voice-note";
import type { SendMessageIn } from "./message-schema";
import type { MessageRow } from "./messages";
import { assertWindowOpen, queueMessage, queueToOpenConversation } from "./outbound";
import { assertNoReplySince } from "./reply-guard";
import { chargeTokens, InsufficientTokens } from "../wallet/wallet";

export type SendOptions = {
  source: "api" | "agent" | "assistant";
  userId?: string | null;
  interactive?: InteractivePayload | null;
  /** Tokens this automated reply cost (recorded on the message). */
  tokens?: number;
  /**
   * An automated reply: the wallet pays `tokens` with the message, in the same statement (the common
   * send) or transaction, so the reply exists exactly when it was paid for. A balance that does not
   * cover them stores nothing and throws InsufficientTokens. The tokens leave the balance when the
   * transaction commits (lib/wallet/wallet.ts, charged at commit).
   */
  charge?: boolean;
  /** With `charge`: tokens this transaction has charged already (a turn's earlier replies), which the balance must also cover. */
  chargedBefore?: number;
  /**
   * A person's send only: the last message of the conversation they had seen. When another person
   * replied after it, the send is refused (409 already_replied, ./reply-guard.ts) unless `force`.
   */
  seenUpTo?: string | null;
  force?: boolean;
};

/**
 * The one way a message leaves the business, for the API, the inbox and the assistant alike: the
 * template checked and rendered, or the 24-hour rule applied; the file found; contact and
 * conversation found or created; then the message queued through the outbound core
 * (./outbound.ts), in one transaction. A refused send stores nothing.
 */
export async function sendMessage(db: Db, businessId: string, request: SendMessageIn, options: SendOptions): Promise<MessageRow> {
  const { input, opts } = await withRegisteredFlows(db, businessId, request, options);
  let text = input.text ?? "";
  let template: TemplateSend | null = null;
  if (input.type === "template") {
    const ref = input.template as NonNullable<SendMessageIn["template"]>;
    const row = await findTemplate(db, businessId, ref.name, ref.language);
    if (!row) throw new AppError("unknown_template", `No template ${ref.name} (${ref.language}) for this business.`);
    assertSendable(row);
    template = templateSend(row, ref);
    text = template.text;
  } else {
    // The common send (a text to a customer already talking to us) is one statement.
    if (input.type === "text" && !input.media && !input.replyTo && opts.source !== "agent") {
      const sent = await queueToOpenConversation(db, businessId, input.to, text, opts);
      if (sent === "unpaid") throw new InsufficientTokens();
      if (sent) return sent;
    }
    // The window check reads before anything is written: outside it, no contact or conversation appears.
    await assertWindowOpen(db, businessId, input.to);
  }
  // The file is fetched or found (and checked) before the transaction: a refused file stores no message.
  // A template's header file is found or fetched the same way, and travels as the message's media.
  let media = input.media ? await resolveOutboundMedia(db, businessId, input) : null;
  if (media) {
    text = mediaText(media);
    if (input.voice) media = await asVoiceNote(db, businessId, media);
  }
  if (template?.headerMedia) {
    const h = template.headerMedia;
    media = await resolveOutboundMedia(db, businessId, { type: h.kind, media: h.media, filename: h.filename });
  }
  // A composed interactive message (buttons, a list, a link button, a location request, a Flow) reads as its body.
  const interactive = input.type === "interactive" && input.interactive ? input.interactive : opts.interactive;
  if (input.type === "interactive" && input.interactive) text = input.interactive.body;

  return db.transaction(async (tx) => {
    // Until the message commits, the unused-file sweep cannot remove its file (found before the transaction).
    if (media?.fileId) await holdMediaFile(tx, businessId, media.fileId);
    const { contact, created } = await ensureContact(tx, businessId, input.to);
    // A contact made just now has no conversation: it is opened without reading first.
    const opener = { type: opts.source, userId: opts.userId ?? null };
    const { conversation } = await ensureConversation(tx, businessId, contact.id, opener, created ? { latest: null } : undefined);
    if (opts.source === "agent" && opts.seenUpTo && !opts.force) {
      await assertNoReplySince(tx, businessId, conversation, opts.seenUpTo, opts.userId ?? null);
    }
    const replyToId = input.replyTo ? await quotable(tx, businessId, conversation.id, input.replyTo) : null;
    const message = await queueMessage(tx, businessId, {
      conversationId: conversation.id,
      contactId: contact.id,
      contactChannel: contact.channel,
      source: opts.source,
      type: input.type,
      text,
      template: template?.payload ?? null,
      interactive: interactive ?? null,
      replyToId,
      media,
      userId: opts.userId ?? null,
      tokens: opts.tokens ?? 0,
    });
    if (
      opts.charge &&
      !(await chargeTokens(
        tx,
        businessId,
        opts.tokens ?? 0,
        { messageId: message.id, conversationId: conversation.id },
        { atCommit: true, chargedBefore: opts.chargedBefore ?? 0 },
      ))
    )
      throw new InsufficientTokens();
    return message;
  });
}

/**
 * A Flow is sent as registered: its Meta id, name, call to action and screen written in, before anything
 * else (an unknown or foreign Flow is a 400 on `interactive.flow`; the assistant's Flow too).
 */
async function withRegisteredFlows(db: Db, businessId: string, input: SendMessageIn, opts: SendOptions) {
  if (input.type === "interactive" && input.interactive?.type === "flow") {
    return { input: { ...input, interactive: await flowMessage(db, businessId, input.interactive) }, opts };
  }
  const given = opts.interactive;
  if (given && "type" in given && given.type === "flow") return { input, opts: { ...opts, interactive: await flowMessage(db, businessId, given) } };
  return { input, opts };
}

/**
 * The message a reply quotes: one of this conversation's (the customer's current one). Any other id,
 * unknown, of another conversation or of another business, is refused alike (nothing is written).
 */
async function quotable(tx: Db, businessId: string, conversationId: string, id: string): Promise<string> {
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.businessId, businessId), eq(messages.conversationId, conversationId)));
  if (!row) throw invalid([{ path: "replyTo", message: "No message with this id in the customer's current conversation." }]);
  return row.id;
}
