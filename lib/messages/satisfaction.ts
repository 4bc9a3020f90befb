import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { assistants, contacts, conversationEvents, conversations, inboxSettings, type InteractivePayload, messages } from "../db/schema";
import { insideWindow } from "../conversations/conversations";
import { recordConversationEvent } from "../conversations/conversation-events";
import type { ConversationRow } from "../conversations/find-conversation";
import { type ActorRef, closeConversation } from "../conversations/transitions";
import type { ConversationCore } from "../conversations/conversation-schema";
import { emitEvent } from "../events/emit";
import type { MessageRow } from "./messages";
import { queueMessage } from "./outbound";

// Customer satisfaction (issue 36). When a conversation a person handled is resolved (closed), the
// customer is asked once to rate it, 1 to 5, on a WhatsApp list (five rows do not fit WhatsApp's three
// reply buttons), in their language, and only inside the 24-hour window. Their pick comes back as an
// interactive reply (or, in the simulator, the row's title); it is filed in the resolved conversation
// (no new conversation, no assistant turn), stored on it, shown in the thread and sent as
// `conversation.rated`. Their next text within COMMENT_MS is the optional comment. Owners turn it off
// in the inbox's settings (`satisfactionSurvey`).

export type SurveyLanguage = "en" | "es" | "pt";

// The survey's fixed sentences, one entry per language the assistant detects and answers in (like the
// opt-out answers of lib/contacts/opt-out.ts: a domain's own words, below the runtime's catalog).
export const SURVEY_TEXTS: Record<
  SurveyLanguage,
  { ask: string; button: string; options: [string, string, string, string, string]; thanksAsk: string; thanks: string }
> = {
  en: {
    ask: "Your conversation with us is resolved. How would you rate the help you got?",
    button: "Rate",
    options: ["1 - Very poor", "2 - Poor", "3 - Okay", "4 - Good", "5 - Excellent"],
    thanksAsk: "Thank you for your rating! Anything you'd like to add? Just write it here.",
    thanks: "Thank you, we've passed your comment on to the team.",
  },
  es: {
    ask: "Tu conversación con nosotros está resuelta. ¿Cómo valorarías la ayuda que recibiste?",
    button: "Valorar",
    options: ["1 - Muy mala", "2 - Mala", "3 - Normal", "4 - Buena", "5 - Excelente"],
    thanksAsk: "¡Gracias por tu valoración! ¿Quieres añadir algo? Escríbelo aquí.",
    thanks: "Gracias, hemos pasado tu comentario al equipo.",
  },
  pt: {
    ask: "A sua conversa connosco está resolvida. Como avalia a ajuda que recebeu?",
    button: "Avaliar",
    options: ["1 - Muito má", "2 - Má", "3 - Razoável", "4 - Boa", "5 - Excelente"],
    thanksAsk: "Obrigado pela sua avaliação! Quer acrescentar alguma coisa? Escreva aqui.",
    thanks: "Obrigado, passámos o seu comentário à equipa.",
  },
};

/** How long after their rating the customer's next text is taken as its comment. */
export const COMMENT_MS = 10 * 60 * 1000;
/** How long a rating request stays answerable (WhatsApp's window for the reply to it). */
const ANSWERABLE_MS = 24 * 60 * 60 * 1000;
const OPTION_ID = "csat_";

const isSurveyLanguage = (l: unknown): l is SurveyLanguage => l === "en" || l === "es" || l === "pt";

/** Closes the conversation and, when it was open or handed off just now, asks for a rating in the same transaction. */
export async function resolveConversation(db: Db, businessId: string, conversationId: string, actor: ActorRef): Promise<ConversationCore> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: conversations.status })
      .from(conversations)
      .where(and(eq(conversations.businessId, businessId), eq(conversations.id, conversationId)));
    const view = await closeConversation(tx, businessId, conversationId, actor);
    if (before && before.status !== "closed") await askForRating(tx, businessId, conversationId);
    return view;
  });
}

/**
 * Asks for the rating when everything holds: the survey is on, a person replied in the conversation,
 * it was never asked, and the customer wrote within 24 hours. Returns the request, or null.
 */
export async function askForRating(tx: Db, businessId: string, conversationId: string): Promise<MessageRow | null> {
  const [row] = await tx
    .select({
      conversation: conversations,
      phone: contacts.phone,
      channel: contacts.channel,
      survey: inboxSettings.satisfactionSurvey,
      assistantLanguage: sql<
        string | null
      >`(select a.language from ${assistants} a where a.business_id = ${businessId} order by a.created_at limit 1)`,
      personReplied: sql<boolean>`exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id} and m.source = 'agent')`,
      lastInbound: sql<
        string | null
      >`(select max(w.last_inbound_at) from ${conversations} w where w.business_id = ${businessId} and w.contact_id = ${conversations.contactId})`,
    })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .leftJoin(inboxSettings, eq(inboxSettings.businessId, conversations.businessId))
    .where(and(eq(conversations.businessId, businessId), eq(conversations.id, conversationId)))
    .for("update", { of: conversations });
  if (!row || row.survey === false || row.conversation.ratingAskedAt || !row.personReplied) return null;
  if (!insideWindow(row.lastInbound ? new Date(row.lastInbound) : null)) return null;
  const language = surveyLanguage(row.conversation.language, row.assistantLanguage);
  const texts = SURVEY_TEXTS[language];
  const interactive: InteractivePayload = {
    kind: "list",
    button: texts.button,
    options: texts.options.map((title, i) => ({ id: `${OPTION_ID}${i + 1}`, title })),
  };
  const message = await queueMessage(tx, businessId, {
    conversationId,
    contactId: row.conversation.contactId,
    contactChannel: row.channel,
    source: "assistant",
    type: "text",
    text: texts.ask,
    template: null,
    interactive,
    media: null,
    userId: null,
    tokens: 0,
  });
  await tx.update(conversations).set({ ratingAskedAt: sql`now()` }).where(eq(conversations.id, conversationId));
  return message;
}

function surveyLanguage(conversationLanguage: string | null, assistantLanguage: string | null): SurveyLanguage {
  if (isSurveyLanguage(conversationLanguage)) return conversationLanguage;
  if (isSurveyLanguage(assistantLanguage)) return assistantLanguage;
  return "en";
}

/** The rating a customer's message gives: the list row's id, a row's title in any language, or a bare digit 1..5. */
export function ratingOf(input: { text: string; content: Record<string, unknown> | null }): number | null {
  const id = input.content?.id;
  if (typeof id === "string" && id.startsWith(OPTION_ID)) {
    const n = Number(id.slice(OPTION_ID.length));
    if (Number.isInteger(n) && n >= 1 && n <= 5) return n;
  }
  const text = input.text.trim().toLowerCase();
  if (text.length === 1 && text >= "1" && text <= "5") return Number(text);
  for (const texts of Object.values(SURVEY_TEXTS)) {
    const at = texts.options.findIndex((o) => o.toLowerCase() === text);
    if (at >= 0) return at + 1;
  }
  return null;
}

export type SurveyReply = { conversation: ConversationRow; kind: "rating"; rating: number } | { conversation: ConversationRow; kind: "comment" };

/**
 * Whether this inbound message answers the contact's survey: their latest conversation (by creation,
 * read by ./receive-message.ts) is resolved and waits for a rating (asked within 24 hours) and the
 * message gives one, or was rated within COMMENT_MS, has no comment yet, and the message is text.
 * Anything else is a new request.
 */
export function surveyReplyIn(
  latest: ConversationRow,
  input: { type: string; text: string; content: Record<string, unknown> | null },
): SurveyReply | null {
  if (latest.status !== "closed" || !latest.ratingAskedAt) return null;
  const now = Date.now();
  if (latest.rating === null) {
    if (now - latest.ratingAskedAt.getTime() > ANSWERABLE_MS) return null;
    const rating = ratingOf(input);
    return rating ? { conversation: latest, kind: "rating", rating } : null;
  }
  if (latest.ratingComment !== null || !latest.ratedAt || now - latest.ratedAt.getTime() > COMMENT_MS) return null;
  if (input.type !== "text" || !input.text.trim()) return null;
  return { conversation: latest, kind: "comment" };
}

/**
 * Stores the rating or the comment the customer's message (already filed in the resolved
 * conversation) gives: the conversation's fields, the thread's `rated` line, `conversation.rated`,
 * and the answer (a thank-you asking for a comment, then a thank-you).
 */
export async function applySurveyReply(
  tx: Db,
  businessId: string,
  reply: SurveyReply,
  message: MessageRow,
  contactChannel: MessageRow["channel"],
): Promise<void> {
  const c = reply.conversation;
  let rating: number;
  let comment: string | null = null;
  if (reply.kind === "rating") {
    rating = reply.rating;
    await tx.update(conversations).set({ rating, ratedAt: sql`now()` }).where(eq(conversations.id, c.id));
    await recordConversationEvent(tx, c, { kind: "rated", actor: { type: "customer", userId: null }, text: String(rating) });
  } else {
    rating = c.rating ?? 0;
    comment = message.text.trim().slice(0, 1000);
    await tx.update(conversations).set({ ratingComment: comment }).where(eq(conversations.id, c.id));
    // The thread keeps one line per rating: the comment joins it.
    await tx
      .update(conversationEvents)
      .set({ text: `${rating}: ${comment}` })
      .where(and(eq(conversationEvents.conversationId, c.id), eq(conversationEvents.kind, "rated")));
  }
  await emitEvent(tx, businessId, "conversation.rated", {
    conversationId: c.id,
    contactId: c.contactId,
    rating,
    comment,
    agentId: c.assigneeId,
  });
  const [assistant] = await tx
    .select({ language: assistants.language })
    .from(assistants)
    .where(eq(assistants.businessId, businessId))
    .orderBy(assistants.createdAt)
    .limit(1);
  const texts = SURVEY_TEXTS[surveyLanguage(c.language, assistant?.language ?? null)];
  await queueMessage(tx, businessId, {
    conversationId: c.id,
    contactId: c.contactId,
    contactChannel,
    source: "assistant",
    type: "text",
    text: reply.kind === "rating" ? texts.thanksAsk : texts.thanks,
    template: null,
    interactive: null,
    media: null,
    userId: null,
    tokens: 0,
  });
}
