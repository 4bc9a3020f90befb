import "server-only";
import { addressMatch } from "../contacts/contacts";
import { z } from "zod";
import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { insideWindow, lastInboundAtByPhone, WINDOW_MS } from "../conversations/conversations";
import { pauseForPerson } from "../conversations/people-first";
import { channelStoppedMarketing } from "../contacts/opt-out";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { conversations, type InteractivePayload, type MessageError, type MessageMedia, messages, type TemplatePayload } from "../db/schema";
import { AppError } from "../errors";
import { emitEvents, eventParts } from "../events/emit";
import type { EventFields } from "../events/schemas";
import { newId } from "../ids";
import { defineJob } from "../jobs/job";
import { enqueue, jobRemoval } from "../jobs/queue";
import { jobsAdded, wakePart } from "../jobs/wake";
import type { MessageRow } from "./messages";

// One way out for every message. A message leaves queued, for the `messages.deliver` job to send
// (sendMessage: the API, the inbox, the assistant, its one-statement fast path included), or already
// accepted by the channel (a campaign's pass sends at its own pace, then records what went out in
// batches). Both are written here, so the 24-hour window rule, the choice of channel and the
// `message.sent` event each live in one place.

/** Sends one queued message through its channel (lib/channels/deliver.ts), in order per conversation; rate limits
 * and outages wait out the channel's back-off within its attempts. */
export const messageDelivery = defineJob({
  name: "messages.deliver",
  payload: z.object({ messageId: z.string(), businessId: z.string() }),
  maxAttempts: 12,
});

// ---- The 24-hour window: a free-form message needs it open, a template does not.

/** Whether a free-form message may go to this customer now: they wrote within the last 24 hours. */
export async function windowOpen(db: Db, businessId: string, phone: string): Promise<boolean> {
  return insideWindow(await lastInboundAtByPhone(db, businessId, phone));
}

/** Refuses a free-form message to a customer outside the window (before anything is written). */
export async function assertWindowOpen(db: Db, businessId: string, phone: string): Promise<void> {
  if (await windowOpen(db, businessId, phone)) return;
  throw new AppError("outside_messaging_window", "The customer has not written in the last 24 hours: only a template message can be sent.");
}

/** windowOpen inside a statement, judged by this process's clock as insideWindow is. */
function windowOpenSql(businessId: string, contactId: SQL): SQL {
  const windowStart = new Date(Date.now() - WINDOW_MS).toISOString();
  return sql`(select max(w.last_inbound_at) from conversations w where w.business_id = ${businessId} and w.contact_id = ${contactId})
            > ${windowStart}::timestamptz`;
}

// ---- The channel, decided in the statement that writes the message.

/**
 * The channel a message to a contact leaves on: a sandbox contact's on the sandbox; a WhatsApp
 * contact's on WhatsApp or, while the business has no WhatsApp number, on the sandbox, so a business
 * tries everything in the simulator before it connects. A campaign's never falls back (`orSandbox`
 * false): its recipients are real customers, and one "sent" to the simulator would count as reached;
 * without a connection the channel refuses it instead.
 */
export function outboundChannel(businessId: string, contactChannel: SQL, orSandbox = true): SQL {
  if (!orSandbox) return contactChannel;
  return sql`case when ${contactChannel} = 'sandbox' then 'sandbox'
              when (select b.whatsapp_phone_number_id from businesses b where b.id = ${businessId}) is null then 'sandbox'
              else 'whatsapp' end`;
}

// ---- message.sent: written when the channel has accepted a message, never before.

type Sent = { conversationId: string; messageId: string; to: string; text: string; source: string; campaignId?: string };

function sentEvent(m: Sent): EventFields<"message.sent"> {
  const { conversationId, messageId, to, text, source, campaignId } = m;
  return { conversationId, messageId, to, text, source, ...(campaignId ? { campaignId } : {}) };
}

// ---- The customer's wait (conversations.waiting_since) after a message leaves.

/**
 * Who ends the customer's wait. A person's reply always does. While the conversation is handed off the
 * customer waits for a person (issue 36): the assistant's goodbye, an away message and what the
 * business's systems send (an order that is ready, a reminder) leave the clock running. With the
 * assistant in charge any reply ends it. Campaign messages never pass here (recordAccepted).
 */
export function waitingAfterSend(source: QueuedMessage["source"], status: SQL, waitingSince: SQL): SQL | null {
  if (source === "agent") return null;
  return sql`(case when ${status} = 'handoff' then ${waitingSince} else null end)`;
}

// ---- Queued: the single-message form, then the deliver job's outcome.

export type QueuedMessage = {
  conversationId: string;
  contactId: string;
  contactChannel: MessageRow["channel"];
  source: "api" | "agent" | "assistant";
  type: string;
  text: string;
  template: TemplatePayload | null;
  interactive: InteractivePayload | null;
  /** The message of the same conversation this one quotes (checked by the caller). */
  replyToId?: string | null;
  media: MessageMedia | null;
  userId: string | null;
  /** Tokens this automated reply cost (recorded on the message; the wallet charge is the caller's). */
  tokens: number;
};

/**
 * A message queued with its delivery job, in the caller's transaction (which found or made the
 * contact and the conversation). One conversation's messages go out one at a time, in order. The
 * job goes in first and the conversation row is updated last: its row lock (every send to this
 * customer takes it) is then held for that statement and the commit only.
 */
export async function queueMessage(tx: Db, businessId: string, m: QueuedMessage): Promise<MessageRow> {
  const messageId = newId("msg");
  await enqueue(tx, messageDelivery, { messageId, businessId }, { orderKey: m.conversationId });
  const [message] = await tx
    .insert(messages)
    .values({
      id: messageId,
      businessId,
      conversationId: m.conversationId,
      contactId: m.contactId,
      direction: "outbound",
      source: m.source,
      type: m.type,
      text: m.text,
      template: m.template,
      interactive: m.interactive,
      replyToId: m.replyToId ?? null,
      media: m.media,
      status: "queued",
      channel: outboundChannel(businessId, sql`${m.contactChannel}`),
      userId: m.userId,
      tokens: m.tokens,
    })
    .returning();
  // People first: a person's reply pauses the assistant (lib/conversations/people-first.ts).
  if (m.source === "agent") await pauseForPerson(tx, businessId, m.conversationId, m.userId);
  await tx
    .update(conversations)
    .set({
      lastMessageAt: message.createdAt,
      waitingSince: waitingAfterSend(m.source, sql`${conversations.status}`, sql`${conversations.waitingSince}`),
      updatedAt: sql`now()`,
    })
    .where(eq(conversations.id, m.conversationId));
  return message;
}

const messageColumns = Object.entries(getTableColumns(messages));

/**
 * queueMessage's fast path: a text to a known contact with an open conversation, inside the 24-hour
 * window, as one statement (the contact, the conversation, the window, the job with the workers'
 * wake-up, the message and the conversation's update), so one round trip and one implicit
 * transaction. Anything else stores nothing here and answers undefined; the caller then takes the
 * general path, which creates what is missing or refuses.
 *
 * With `charge` (an automated reply), the wallet pays `tokens` with the message, as chargeTokens does
 * at commit: the balance must cover them (and `chargedBefore`, the transaction's earlier charges), and the
 * message, its job, the ledger row and the conversation's count are written only then; the tokens leave
 * the balance when the transaction commits. A conversation that is open but a balance that is short
 * answers "unpaid" and stores nothing.
 */
export async function queueToOpenConversation(
  db: Db,
  businessId: string,
  phone: string,
  text: string,
  opts: {
    source: QueuedMessage["source"];
    userId?: string | null;
    interactive?: InteractivePayload | null;
    tokens?: number;
    charge?: boolean;
    chargedBefore?: number;
  },
): Promise<MessageRow | "unpaid" | undefined> {
  const messageId = newId("msg");
  const tokens = opts.tokens ?? 0;
  // Without a charge, `paid` is `ok` itself; with one, the balance (read, not locked) covers this reply
  // and what the transaction charged before it, and the ledger row is written to be charged at commit
  // (lib/wallet/wallet.ts chargeTokens), only for an open conversation.
  const paid = opts.charge
    ? sql`, b as (
          select id from businesses
          where id = ${businessId} and token_balance >= ${tokens + (opts.chargedBefore ?? 0)} and exists (select 1 from ok)
        ), l as (
          insert into token_ledger (id, business_id, kind, tokens, message_id, conversation_id, charged_at_commit)
          select ${newId("led")}, b.id, 'usage', ${-tokens}, ${messageId}, ok.id, true from b, ok
        ), paid as (select ok.* from ok where exists (select 1 from b))`
    : sql`, paid as (select ok.* from ok)`;
  const interactive = opts.interactive ? JSON.stringify(opts.interactive) : null;
  const job = JSON.stringify({ messageId, businessId });
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with ct as (
          select id, channel from contacts where business_id = ${businessId} and ${addressMatch(phone)}
        ), ok as (
          select v.id, ct.id as contact_id, ct.channel from ct
            join conversations v on v.business_id = ${businessId} and v.contact_id = ct.id and v.status <> 'closed'
          where ${windowOpenSql(businessId, sql`ct.id`)}
        )${paid}, j as (
          insert into jobs (queue, payload, business_id, order_key, run_at, max_attempts)
          select ${messageDelivery.name}, ${job}::jsonb, ${businessId}, paid.id, now(), ${messageDelivery.maxAttempts} from paid
          returning queue
        ), m as (
          insert into messages (id, business_id, conversation_id, contact_id, direction, source, type, text, interactive, status, channel, user_id, tokens)
          select ${messageId}, ${businessId}, paid.id, paid.contact_id, 'outbound', ${opts.source}, 'text', ${text}, ${interactive}::jsonb, 'queued',
            ${outboundChannel(businessId, sql`paid.channel`)}, ${opts.userId ?? null}, ${tokens}
          from paid
          returning *
        ), u as (
          update conversations c set last_message_at = m.created_at,
            waiting_since = ${waitingAfterSend(opts.source, sql`c.status`, sql`c.waiting_since`)}, updated_at = now()${
              opts.charge ? sql`, tokens_used = c.tokens_used + ${tokens}` : sql``
            }
          from m where c.id = m.conversation_id
        )
        select (select count(*) from ok) as open_conversation, m.*, ${wakePart(db, sql`j`)} as woken
        from (select 1) one left join m on true`,
  );
  const [row] = rows;
  if (Number(row?.woken) > 0) jobsAdded(db, messageDelivery.name);
  if (!row?.id) return Number(row?.open_conversation ?? 0) > 0 ? "unpaid" : undefined;
  const out: Record<string, unknown> = {};
  for (const [prop, column] of messageColumns) {
    const value = row[column.name];
    out[prop] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as MessageRow;
}

/**
 * The deliver job's success: queued -> sent with the channel's id, `message.sent` and (given the
 * job's id) the job's removal, in one statement. Returns whether the job was removed.
 */
export async function markSent(
  db: Db,
  message: MessageRow,
  to: string,
  receipt: { channelMessageId: string; acceptedAt: Date },
  job: { id?: number; attempts: number },
): Promise<boolean> {
  const event = eventParts(
    db,
    message.businessId,
    "message.sent",
    sentEvent({ conversationId: message.conversationId, messageId: message.id, to, text: message.text, source: message.source }),
    sql`exists (select 1 from u)`,
  );
  const [row] = await queryRows<{ woken: unknown }>(
    db,
    sql`with u as (
        update messages set status = 'sent', channel_message_id = ${receipt.channelMessageId},
          channel_timestamp = ${receipt.acceptedAt.toISOString()}::timestamptz, attempts = ${job.attempts}
        where id = ${message.id} and status = 'queued'
        returning id
      ), ${event.ctes}${jobRemoval(job.id)}
      select ${event.notify} as woken`,
  );
  event.added(row?.woken);
  return job.id !== undefined;
}

/** The deliver job's last word on a message the channel refused or never took. */
export async function markFailed(db: Db, messageId: string, error: MessageError, attempts: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(messages)
      .set({ status: "failed", error, attempts })
      .where(and(eq(messages.id, messageId), eq(messages.status, "queued")))
      .returning({ businessId: messages.businessId, contactId: messages.contactId });
    if (failed && error.code === "marketing_opted_out")
      await channelStoppedMarketing(tx, failed.businessId, failed.contactId, { channelCode: error.channelCode, messageId });
  });
}

// ---- Already accepted by the channel: the batch form.

export type AcceptedMessage = {
  contactId: string;
  /** E.164 of the recipient. */
  to: string;
  /** The channel that took it (chosen by outboundChannel when the recipient was claimed). */
  channel: MessageRow["channel"];
  text: string;
  template: TemplatePayload;
  /** The template's header file, shown in the thread as the message's media. */
  media?: MessageMedia | null;
  receipt: { channelMessageId: string; acceptedAt: Date };
  /** Attempts it took, this one included. */
  attempts: number;
  campaignId: string;
};

export type PlannedMessage<T> = { item: T; messageId: string; conversationId: string };

/**
 * Campaign messages the channel has already accepted, in the caller's transaction: the customers'
 * open conversations (opened, as ensureConversation does, for those without one), then, for the
 * items `admit` keeps once it has seen their message ids (the pass's guard over its claimed
 * recipients), the messages as `sent` with the channel's ids and `message.sent` for each; one
 * statement each for the whole batch.
 */
export async function recordAccepted<T extends AcceptedMessage>(
  tx: Db,
  businessId: string,
  batch: T[],
  admit: (planned: PlannedMessage<T>[]) => Promise<PlannedMessage<T>[]>,
): Promise<void> {
  if (!batch.length) return;
  const contactIds = sql.join(
    batch.map((m) => sql`${m.contactId}`),
    sql`, `,
  );
  const opened = sql.join(
    batch.map((m) => sql`(${newId("conv")}, ${businessId}, ${m.contactId}, 'open')`),
    sql`, `,
  );
  await tx.execute(sql`insert into conversations (id, business_id, contact_id, status) values ${opened}
    on conflict (business_id, contact_id) where status <> 'closed' do nothing`);
  const convs = await queryRows<{ id: string; contact_id: string }>(
    tx,
    sql`select id, contact_id from conversations where business_id = ${businessId} and contact_id in (${contactIds}) and status <> 'closed'`,
  );
  const convOf = new Map(convs.map((c) => [c.contact_id, c.id]));
  const admitted = await admit(batch.map((item) => ({ item, messageId: newId("msg"), conversationId: convOf.get(item.contactId) as string })));
  if (admitted.length) {
    await tx.insert(messages).values(
      admitted.map(({ item: m, messageId, conversationId }) => ({
        id: messageId,
        businessId,
        conversationId,
        contactId: m.contactId,
        direction: "outbound" as const,
        source: "campaign" as const,
        type: "template",
        text: m.text,
        template: m.template,
        media: m.media ?? null,
        status: "sent" as const,
        channel: m.channel,
        channelMessageId: m.receipt.channelMessageId,
        channelTimestamp: m.receipt.acceptedAt,
        attempts: m.attempts,
      })),
    );
    await emitEvents(
      tx,
      businessId,
      "message.sent",
      admitted.map(({ item: m, messageId, conversationId }) =>
        sentEvent({ conversationId, messageId, to: m.to, text: m.text, source: "campaign", campaignId: m.campaignId }),
      ),
    );
  }
  const convIds = [...new Set(convOf.values())];
  if (convIds.length) {
    await tx.execute(
      sql`update conversations set last_message_at = now(), updated_at = now() where id in (${sql.join(
        convIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
}
