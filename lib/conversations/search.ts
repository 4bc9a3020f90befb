import "server-only";
import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { containsPattern } from "../db/like";
import { type ConversationStatus, contacts, conversations, messages } from "../db/schema";
import { afterCursor, decodeCursor, type Page, type PageParams, toPage } from "../pagination";
import type { ConversationCore } from "./conversation-schema";
import { conversationView } from "./conversations";
import { carriesLabel } from "./label-filter";
import type { SearchMatch } from "./search-schema";
import { searchWords } from "../shared/search-words";

export type ConversationFilter = PageParams & { status?: ConversationStatus; contactId?: string; assigneeId?: string; label?: string };

// The expression of the messages_search_idx index (drizzle/0008): it must be written exactly so for the
// planner to use it. `simple`: no language's stemming, so English, Spanish and Portuguese words match alike.
const messageVector = sql`to_tsvector('simple'::regconfig, convo_unaccent(${messages.text}))`;

/**
 * Conversations whose contact's name or phone, or whose messages, match `q`, newest first like the
 * plain list (same filters and cursor). Every word of `q` must appear in one message (as a word prefix:
 * "reserv" finds "reserva" and "reservation"); a name matches as a substring, accents ignored; 3 or more
 * digits match anywhere in the phone. Scoped to the business in every subquery.
 */
export async function searchConversations(
  db: Db,
  businessId: string,
  q: string,
  filter: ConversationFilter,
): Promise<Page<ConversationCore & { match: SearchMatch }>> {
  const cursor = filter.cursor ? decodeCursor(filter.cursor, "conv_") : null;
  const words = searchWords(q);
  // Only letters and digits reach to_tsquery, each as a prefix term: nothing a user types can break its syntax.
  const tsquery = words.length ? sql`to_tsquery('simple'::regconfig, convo_unaccent(${words.map((w) => `${w}:*`).join(" & ")}))` : null;
  const digits = q.replace(/\D/g, "");
  const nameLike = containsPattern(q);

  const matches: SQL[] = [
    sql`convo_unaccent(${contacts.name}) ilike convo_unaccent(${nameLike})`,
    // A WhatsApp username ("@sheena") or BSUID, for customers WhatsApp names without a number.
    sql`${contacts.username} ilike ${nameLike}`,
    sql`${contacts.waUserId} ilike ${nameLike}`,
  ];
  if (digits.length >= 3) matches.push(sql`${contacts.phone} like ${`%${digits}%`}`);
  if (tsquery) {
    matches.push(
      sql`${conversations.id} in (select ${messages.conversationId} from ${messages} where ${messages.businessId} = ${businessId} and ${messageVector} @@ ${tsquery})`,
    );
  }
  const assignee =
    filter.assigneeId === "unassigned"
      ? isNull(conversations.assigneeId)
      : filter.assigneeId
        ? eq(conversations.assigneeId, filter.assigneeId)
        : undefined;

  const rows = await db
    .select({ conversation: conversations, name: contacts.name, phone: contacts.phone, username: contacts.username, waUserId: contacts.waUserId })
    .from(conversations)
    .innerJoin(contacts, and(eq(contacts.businessId, conversations.businessId), eq(contacts.id, conversations.contactId)))
    .where(
      and(
        eq(conversations.businessId, businessId),
        filter.status ? eq(conversations.status, filter.status) : undefined,
        filter.contactId ? eq(conversations.contactId, filter.contactId) : undefined,
        assignee,
        filter.label ? carriesLabel(businessId, filter.label) : undefined,
        afterCursor(conversations.createdAt, conversations.id, cursor),
        sql`(${sql.join(matches, sql` or `)})`,
      ),
    )
    .orderBy(desc(conversations.createdAt), desc(conversations.id))
    .limit(filter.limit + 1);

  const page = rows.slice(0, filter.limit);
  const hits = new Map<string, SearchMatch["message"]>();
  if (tsquery && page.length) {
    // The latest matching message of each conversation on this page, to show and highlight.
    const found = await db
      .selectDistinctOn([messages.conversationId], {
        id: messages.id,
        conversationId: messages.conversationId,
        text: messages.text,
        direction: messages.direction,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(
        and(
          eq(messages.businessId, businessId),
          inArray(
            messages.conversationId,
            page.map((r) => r.conversation.id),
          ),
          sql`${messageVector} @@ ${tsquery}`,
        ),
      )
      .orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.id));
    for (const m of found) hits.set(m.conversationId, { id: m.id, text: m.text, direction: m.direction, createdAt: m.createdAt.toISOString() });
  }
  return toPage(
    rows.map((r) => ({
      ...r.conversation,
      match: { contact: { name: r.name, phone: r.phone, username: r.username, waUserId: r.waUserId }, message: hits.get(r.conversation.id) ?? null },
    })),
    filter.limit,
    (r) => ({ ...conversationView(r), match: r.match }),
  );
}
