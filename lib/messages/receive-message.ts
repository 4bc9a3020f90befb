import "server-only";
import { z } from "zod";
import { and, eq, sql } from "drizzle-orm";
import { queryRows } from "../db/rows";
import { prefixedRow, prefixedText } from "../db/table-rows";
import { type ContactIdentity, type ContactRow, ensureContact, identityCondition, identityOf } from "../contacts/contacts";
import { handleOptOutWords, optIntent } from "../contacts/opt-out";
import { type ConversationRow, ensureConversation } from "../conversations/conversations";
import { resumeIfInactive } from "../conversations/people-first";
import type { Db } from "../db/client";
import { campaignSettings, contacts, conversations, type MessageMedia, messages } from "../db/schema";
import { eventParts } from "../events/emit";
import type { EventFields } from "../events/schemas";
import { readFlowAnswer } from "../flows/flow-answers";
import { flowReplyOf } from "../shared/flow-schema";
import { newId } from "../ids";
import { defineJob } from "../jobs/job";
import { enqueue, enqueueParts } from "../jobs/queue";
import { mediaView, WEBHOOK_MEDIA_URL_TTL_SECONDS } from "./media-view";
import { choiceOf, locationOf, type MessageRow } from "./messages";
import { reminderAnswerJob, reminderAnswerOf } from "./reminder-answer";
import { applySurveyReply, surveyReplyIn } from "./satisfaction";
import { sendMessage } from "./send-message";

/** The assistant runtime's queue: one turn per inbound message, one conversation at a time. */
/** Answers one inbound message (lib/runtime/turn/turn-job.ts), in order per conversation. */
export const assistantTurn = defineJob({
  name: "assistant.turn",
  payload: z.object({ businessId: z.string(), conversationId: z.string(), messageId: z.string() }),
});

/** A customer's message as every channel hands it in (lib/channels names it ChannelInbound). */
export type InboundMessage = {
  channel: MessageRow["channel"];
  /** The customer's address: E.164, or their WhatsApp BSUID when WhatsApp gives no phone. */
  from: string;
  /** What else WhatsApp names the customer by (issue 37): their BSUID and username, when given. */
  waUserId?: string | null;
  username?: string | null;
  profileName: string | null;
  /** The channel's own id: a second delivery of the same id is a duplicate. */
  channelMessageId: string;
  /** When the customer sent it, as the channel reports it (the 24-hour window's anchor). */
  timestamp: Date;
  type: string;
  text: string;
  content: Record<string, unknown> | null;
  /** The channel's id of the message this one replies to (WhatsApp's context.id), when it quotes one. */
  replyToChannelId?: string | null;
  /** The stored file of a media message (downloaded by the channel before the message is received). */
  media?: MessageMedia | null;
  /**
   * Another sender on the number holds this conversation (Meta Business Agent; WhatsApp's `standby`
   * field): the message is stored and shown, and this service's assistant stays silent on it.
   */
  handledElsewhere?: boolean;
};

export type ReceivedMessage = { message: MessageRow; conversation: ConversationRow; duplicate: boolean };

// Thrown inside the transaction when the insert finds the channel id taken, so the contact or
// conversation it may have just created rolls back with it: a duplicate changes nothing.
class DuplicateInbound extends Error {}

/** The channel's own part of a message, in its transaction (a WhatsApp cart's order record). */
export type AlsoInTransaction = (tx: Db, received: { message: MessageRow; conversationId: string; contactId: string }) => Promise<void>;

/**
 * The assistant's turn answered in the message's own transaction (lib/runtime/turn/turn.ts
 * answerInTransaction, given by the server's inbound job): true once answered, false when another turn
 * of the conversation is queued ahead (this one is then queued behind it). lib/messages knows no runtime:
 * the entry floor hands it in.
 */
export type AnswerInTransaction = (tx: Db, turn: z.infer<typeof assistantTurn.payload>, conversation: ConversationRow) => Promise<boolean>;

export type ReceiveOptions = {
  /** Answer the turn in the message's transaction instead of queueing its job (see AnswerInTransaction). */
  answer?: AnswerInTransaction;
  /** Told when an answer in the transaction failed: the message is then stored again with its turn queued. */
  answerFailed?: (err: unknown) => void;
};

/**
 * The one way a customer's message comes in, for WhatsApp and the sandbox alike: contact, conversation
 * (a closed one is left closed and a new one opened), the message, the 24-hour window's anchor, the
 * `message.received` event, the channel's own part (`also`), an opt-out word's answer and the
 * assistant's turn, all in one transaction. Channels redeliver, so the channel's message id makes a
 * second delivery a no-op.
 */
export async function receiveInboundMessage(
  db: Db,
  businessId: string,
  input: InboundMessage,
  also?: AlsoInTransaction,
  opts: ReceiveOptions = {},
): Promise<ReceivedMessage> {
  // No read first: a redelivery is rare, and the message's insert finds it (then everything rolls back).
  try {
    return await storeMessage(db, businessId, input, also, opts.answer);
  } catch (err) {
    if (err instanceof DuplicateInbound) {
      const again = await duplicateOf(db, input);
      if (!again) throw new Error("inbound duplicate vanished");
      return again;
    }
    if (!opts.answer) throw err;
    // The answer failed and took the message's transaction with it: the message is stored again, now
    // with its turn queued as a job, which retries and fails as any turn does. A message is never lost
    // to its answer.
    opts.answerFailed?.(err);
    return receiveInboundMessage(db, businessId, input, also);
  }
}

async function storeMessage(
  db: Db,
  businessId: string,
  input: InboundMessage,
  also: AlsoInTransaction | undefined,
  answer: AnswerInTransaction | undefined,
): Promise<ReceivedMessage> {
  return db.transaction(async (tx) => {
    const identity = { ...identityOf(input.from), ...inboundIdentity(input) };
    // The contacts the customer's identifiers name, each with their latest conversation, and the
    // business's opt-out words: one read for the contact and its state.
    const seen = await contactsWithState(tx, businessId, identity);
    const { contact, created } = await ensureContact(tx, businessId, identity, { name: input.profileName, channel: input.channel }, seen.contacts);
    // A sandbox contact who writes on WhatsApp is now reached there: replies go back the way they came.
    if (input.channel === "whatsapp" && contact.channel !== "whatsapp") {
      await tx.update(contacts).set({ channel: "whatsapp", updatedAt: sql`now()` }).where(eq(contacts.id, contact.id));
    }
    // A rating (or its comment) answering the survey of a resolved conversation is filed there: no
    // new conversation, no assistant turn (./satisfaction.ts). A latest conversation that is not
    // closed is the contact's active one (one at most: the partial unique index), so it is not read again.
    // A contact made just now has no conversation yet; one another transaction inserted meanwhile (a
    // racing first sight, found by ensureContact's second look) is read again with its state.
    const state = created || seen.latest.has(contact.id) ? seen : await contactsWithState(tx, businessId, identity);
    const latest = state.latest.get(contact.id) ?? null;
    const { optOutWords } = state;
    const survey = input.handledElsewhere || !latest ? null : surveyReplyIn(latest, input);
    const conversation =
      survey?.conversation ??
      (latest && latest.status !== "closed" ? latest : (await ensureConversation(tx, businessId, contact.id, undefined, { latest })).conversation);
    // handleOptOutWords's own test, on the business's words read above: most messages are no STOP or
    // START, and for them its reads are skipped and the turn's job goes with the message.
    const mayOpt = !survey && !!input.text && input.text.length <= 60 && optIntent(input.text, "", optOutWords) !== null;
    const replyToId = input.replyToChannelId ? await quotedByChannelId(tx, businessId, contact.id, input.channel, input.replyToChannelId) : null;
    // A Flow's answer names no Flow: found from the message it answers, and read by the Flow's fields.
    const { text, content } =
      input.type === "interactive" && input.content?.kind === "nfm_reply"
        ? await readFlowAnswer(tx, businessId, input.content, replyToId)
        : { text: input.text, content: input.content };
    const messageId = newId("msg");
    // The assistant's turn is queued by the message's own statement when nothing below can stop it:
    // the conversation open once updated, no survey, no standby, no opt-out word, no reminder's button.
    const turnWithMessage = !survey && !input.handledElsewhere && !mayOpt && !reminderAnswerOf({ type: input.type, content });
    const stored = await storeInbound(tx, {
      message: {
        id: messageId,
        businessId,
        conversationId: conversation.id,
        contactId: contact.id,
        type: input.type,
        text,
        content,
        media: input.media ?? null,
        replyToId,
        channel: input.channel,
        channelMessageId: input.channelMessageId,
        channelTimestamp: input.timestamp,
      },
      keepWaiting: Boolean(survey),
      event: (messageId) => ({
        conversationId: conversation.id,
        from: input.from,
        waUserId: contact.waUserId,
        username: contact.username,
        text,
        messageId,
        contactId: contact.id,
        messageType: input.type,
        media: mediaView(businessId, input.media ?? null, WEBHOOK_MEDIA_URL_TTL_SECONDS),
        // Present when they apply: the quoted (or answered) message, the tapped button or row, the shared place.
        ...answerFields({ type: input.type, content, replyToId }),
      }),
      turn: turnWithMessage && !answer ? { businessId, conversationId: conversation.id, messageId } : null,
    });
    if (!stored) throw new DuplicateInbound();
    const { message, conversation: touched } = stored;
    const turnQueued = turnWithMessage && !answer && touched.status === "open";
    // A handoff nobody acted on for the business's timeout goes back to the assistant with this message.
    const updated = survey ? touched : await resumeIfInactive(tx, touched);
    await also?.(tx, { message, conversationId: conversation.id, contactId: contact.id });
    if (survey) {
      await applySurveyReply(tx, businessId, survey, message, input.channel === "whatsapp" ? "whatsapp" : contact.channel);
      return { message, conversation: updated, duplicate: false };
    }
    // STOP / START (campaign opt-out) is answered once, and is no assistant turn.
    const optWord = mayOpt ? await handleOptOutWords(tx, businessId, contact, input.text) : null;
    if (input.handledElsewhere) return { message, conversation: updated, duplicate: false };
    if (optWord?.reply) {
      await sendMessage(tx, businessId, { to: input.from, type: "text", text: optWord.reply }, { source: "assistant" });
    }
    // A tap on an appointment reminder's button acts on the appointment, whoever holds the conversation.
    if (!optWord && reminderAnswerOf(message)) {
      await enqueue(tx, reminderAnswerJob, { businessId, conversationId: conversation.id, messageId: message.id }, { orderKey: conversation.id });
      return { message, conversation: updated, duplicate: false };
    }
    // Only an open conversation is the assistant's; in handoff a person answers.
    if (updated.status === "open" && !optWord && !turnQueued) {
      const turn = { businessId, conversationId: conversation.id, messageId: message.id };
      // Answered now, in this transaction, unless a turn of the conversation is queued ahead of it.
      if (!(answer && (await answer(tx, turn, updated)))) await enqueue(tx, assistantTurn, turn, { orderKey: conversation.id });
    }
    return { message, conversation: updated, duplicate: false };
  });
}

/**
 * The contacts an identity names (what ensureContact reads first), each with its latest conversation
 * (what the survey reads; when not closed, the contact's active one), and the business's own opt-out
 * words, in one statement.
 */
async function contactsWithState(
  tx: Db,
  businessId: string,
  identity: ContactIdentity,
): Promise<{ contacts: ContactRow[]; latest: Map<string, ConversationRow | null>; optOutWords: string[] }> {
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select ${aliased("ct")}, ${aliased("c")},
        (select s.opt_out_words from campaign_settings s where s.business_id = ${businessId}) as opt_out_words
      from (select 1) one
      left join lateral (select * from contacts where ${identityCondition(businessId, identity)}) ct on true
      left join lateral (
        select * from conversations where business_id = ${businessId} and contact_id = ct.id
        order by created_at desc, id desc limit 1) c on true`,
  );
  const found: ContactRow[] = [];
  const latest = new Map<string, ConversationRow | null>();
  for (const row of rows) {
    if (!row["ct.id"]) continue;
    const contact = prefixedRow("ct", tableOf.ct, row) as ContactRow;
    found.push(contact);
    latest.set(contact.id, row["c.id"] ? (prefixedRow("c", tableOf.c, row) as ConversationRow) : null);
  }
  return { contacts: found, latest, optOutWords: optOutWordsOf(rows[0]?.opt_out_words) };
}

const optOutWordsOf = (words: unknown): string[] =>
  words === null || words === undefined ? [] : (campaignSettings.optOutWords.mapFromDriverValue(words) as string[]);

type NewInbound = Pick<
  typeof messages.$inferInsert,
  | "id"
  | "businessId"
  | "conversationId"
  | "contactId"
  | "type"
  | "text"
  | "content"
  | "media"
  | "replyToId"
  | "channel"
  | "channelMessageId"
  | "channelTimestamp"
> & { id: string; text: string };

const tableOf = { m: messages, u: conversations, c: conversations, ct: contacts } as const;
/** A table's columns out of CTE `alias`, each named `alias.column` (two tables' rows in one result row). */
const aliased = (alias: keyof typeof tableOf) => sql.raw(prefixedText(alias, tableOf[alias]));

/**
 * The message stored, the conversation's window and wait moved, and `message.received` written, in one
 * statement (one round trip of the inbound transaction, not three). Nothing is written when the channel's
 * id is stored already (a redelivery): answers null.
 */
async function storeInbound(
  tx: Db,
  {
    message: m,
    keepWaiting,
    event,
    turn,
  }: {
    message: NewInbound;
    keepWaiting: boolean;
    event: (messageId: string) => EventFields<"message.received">;
    /** The assistant's turn, queued when the conversation is open once updated. */
    turn: z.infer<typeof assistantTurn.payload> | null;
  },
): Promise<{ message: MessageRow; conversation: ConversationRow } | null> {
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
  const received = eventParts(tx, m.businessId, "message.received", event(m.id), sql`exists (select 1 from m)`);
  const queued = turn
    ? enqueueParts(tx, "t", assistantTurn, turn, { orderKey: turn.conversationId }, sql`exists (select 1 from u where u.status = 'open')`)
    : null;
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`with m as (
        insert into messages (id, business_id, conversation_id, contact_id, direction, source, type, text, content, media, reply_to_id,
          status, channel, channel_message_id, channel_timestamp)
        values (${m.id}, ${m.businessId}, ${m.conversationId}, ${m.contactId}, 'inbound', 'customer', ${m.type}, ${m.text},
          ${json(m.content)}::jsonb, ${json(m.media)}::jsonb, ${m.replyToId ?? null}, 'received', ${m.channel}, ${m.channelMessageId},
          ${m.channelTimestamp?.toISOString() ?? null}::timestamptz)
        on conflict (channel, channel_message_id) do nothing
        returning *
      ), u as (
        -- greatest(): a late redelivery of an older message never pulls the window back.
        update conversations c set last_inbound_at = greatest(c.last_inbound_at, ${m.channelTimestamp?.toISOString() ?? null}::timestamptz),
          last_message_at = greatest(c.last_message_at, m.created_at),
          waiting_since = ${keepWaiting ? sql`c.waiting_since` : sql`coalesce(c.waiting_since, m.created_at)`},
          updated_at = now()
        from m where c.id = ${m.conversationId}
        returning c.*
      ), ${received.ctes}${queued ? sql`, ${queued.ctes}` : sql``}
      select ${aliased("m")}, ${aliased("u")}, ${received.notify} as woken${queued ? sql`, ${queued.notify} as turn_woken` : sql``}
      from m join u on true`,
  );
  const [row] = rows;
  if (!row) return null;
  received.added(row.woken);
  queued?.added(row.turn_woken);
  return { message: prefixedRow("m", tableOf.m, row) as MessageRow, conversation: prefixedRow("u", tableOf.u, row) as ConversationRow };
}

function answerFields(message: Pick<MessageRow, "type" | "content" | "replyToId">) {
  const choice = choiceOf(message);
  const location = locationOf(message);
  const flowReply = flowReplyOf(message);
  return {
    ...(message.replyToId ? { replyTo: message.replyToId } : {}),
    ...(choice ? { choice } : {}),
    ...(location ? { location } : {}),
    ...(flowReply ? { flowReply } : {}),
  };
}

/** Our id of the message a customer's reply quotes: one of this customer's, by the channel's id (null when unknown). */
async function quotedByChannelId(tx: Db, businessId: string, contactId: string, channel: InboundMessage["channel"], channelId: string) {
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.channel, channel),
        eq(messages.channelMessageId, channelId),
        eq(messages.businessId, businessId),
        eq(messages.contactId, contactId),
      ),
    );
  return row?.id ?? null;
}

function inboundIdentity(input: InboundMessage) {
  return {
    ...(input.waUserId ? { waUserId: input.waUserId } : {}),
    ...(input.username ? { username: input.username } : {}),
  };
}

/** True when this channel message is stored already (a redelivery): its file need not be fetched again. */
export async function inboundStored(db: Db, channel: InboundMessage["channel"], channelMessageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.channel, channel), eq(messages.channelMessageId, channelMessageId)));
  return Boolean(row);
}

async function duplicateOf(db: Db, input: InboundMessage): Promise<ReceivedMessage | null> {
  const [message] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.channel, input.channel), eq(messages.channelMessageId, input.channelMessageId)));
  if (!message) return null;
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, message.conversationId));
  return { message, conversation, duplicate: true };
}

/** A message another sender on the number sent to a customer (Meta Business Agent's reply: a standby `message_echoes` item). */
export type EchoedMessage = {
  channel: MessageRow["channel"];
  /** The customer it went to: E.164, or their BSUID. */
  to: string;
  channelMessageId: string;
  timestamp: Date;
  type: string;
  text: string;
  content: Record<string, unknown> | null;
};

/**
 * Stores an echo in the customer's thread as an outbound message from `meta_agent`, once (a redelivery
 * changes nothing): staff see what Meta's agent told the customer, and its replies end the wait as any
 * reply by the one in charge does. No assistant turn, no event: this service did not send it.
 */
export async function recordEcho(db: Db, businessId: string, echo: EchoedMessage): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { contact } = await ensureContact(tx, businessId, echo.to, { name: null, channel: echo.channel });
    const { conversation } = await ensureConversation(tx, businessId, contact.id);
    const [message] = await tx
      .insert(messages)
      .values({
        id: newId("msg"),
        businessId,
        conversationId: conversation.id,
        contactId: contact.id,
        direction: "outbound",
        source: "meta_agent",
        type: echo.type,
        text: echo.text,
        content: echo.content,
        status: "sent",
        channel: echo.channel,
        channelMessageId: echo.channelMessageId,
        channelTimestamp: echo.timestamp,
      })
      .onConflictDoNothing({ target: [messages.channel, messages.channelMessageId] })
      .returning();
    if (!message) return false;
    await tx
      .update(conversations)
      .set({
        lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${message.createdAt.toISOString()}::timestamptz)`,
        // Answered (by the agent that holds the conversation): nobody here is waited for, unless a person was asked for.
        waitingSince: sql`case when ${conversations.status} = 'open' then null else ${conversations.waitingSince} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(conversations.id, conversation.id));
    return true;
  });
}
