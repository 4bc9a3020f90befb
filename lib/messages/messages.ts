import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { statement } from "../db/statement";
import { type DatesOrIso, pickColumns, type RowOf, selectStatementIsoRows } from "../db/table-rows";
import { isComposedInteractive, messages, users } from "../db/schema";
import { findConversation } from "../conversations/conversations";
import { conversationEventRows, conversationEventViews } from "../conversations/conversation-events";
import type { ConversationEventOut } from "../conversations/conversation-schema";
import { invalid } from "../errors";
import { decodeCursor, iso, type Page, type PageParams, toPage } from "../pagination";
import { flowReplyOf } from "../shared/flow-schema";
import type { MessageOut } from "./message-schema";
import { mediaView } from "./media-view";

/** A message as its row holds it. */
export type MessageRow = typeof messages.$inferSelect;

/** The columns a message's view reads: what a message page selects. */
const viewColumns = pickColumns(messages, [
  "id",
  "businessId",
  "conversationId",
  "direction",
  "source",
  "type",
  "text",
  "status",
  "template",
  "error",
  "media",
  "content",
  "interactive",
  "replyToId",
  "reactions",
  "userId",
  "pricingBillable",
  "pricingCategory",
  "pricingModel",
  "pricingType",
  "pricingCountry",
  "createdAt",
] as const);
export type MessageViewRow = RowOf<typeof viewColumns.columns>;

/** A message as a view reads it: drizzle's row, or a page's row with its time as ISO text. */
type ViewRow = DatesOrIso<MessageViewRow>;

export function messageView(m: ViewRow): MessageOut {
  return {
    id: m.id,
    conversationId: m.conversationId,
    direction: m.direction,
    source: m.source,
    type: m.type,
    text: m.text,
    status: m.status,
    template: m.template ?? null,
    error: m.error ?? null,
    media: mediaView(m.businessId, m.media),
    location: locationOf(m),
    replyTo: m.replyToId ?? null,
    quoted: null,
    interactive: isComposedInteractive(m.interactive) ? m.interactive : null,
    choice: choiceOf(m),
    flowReply: flowReplyOf(m),
    reactions: { customer: m.reactions?.customer ?? null, business: m.reactions?.business ?? null },
    author: m.userId ? { id: m.userId, name: null } : null,
    pricing:
      m.pricingCategory == null
        ? null
        : {
            billable: m.pricingBillable ?? false,
            category: m.pricingCategory,
            model: m.pricingModel,
            type: m.pricingType,
            country: m.pricingCountry,
          },
    createdAt: iso(m.createdAt) as string,
  };
}

/** A customer's button or list reply (content written by lib/channels/whatsapp/parse-webhook.ts or the simulator). */
export function choiceOf(m: Pick<ViewRow, "type" | "content">): MessageOut["choice"] {
  const c = m.content;
  // A template's quick reply arrives as type `button`, read like a reply button (id: its payload).
  if ((m.type !== "interactive" && m.type !== "button") || !c || typeof c.id !== "string") return null;
  const kind = c.kind === "button_reply" ? "button" : c.kind === "list_reply" ? "list" : null;
  if (!kind) return null;
  return { kind, id: c.id, title: typeof c.title === "string" ? c.title : "", description: typeof c.description === "string" ? c.description : null };
}

/** Fills each view's `quoted` with the message it quotes (one read for a page; same business only). */
export async function withQuotes<T extends Pick<MessageOut, "replyTo" | "quoted">>(db: Db, businessId: string, views: T[]): Promise<T[]> {
  const ids = [...new Set(views.flatMap((v) => (v.replyTo ? [v.replyTo] : [])))];
  if (!ids.length) return views;
  const rows = await db
    .select({ id: messages.id, direction: messages.direction, type: messages.type, text: messages.text })
    .from(messages)
    .where(and(eq(messages.businessId, businessId), inArray(messages.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const v of views) if (v.replyTo) v.quoted = byId.get(v.replyTo) ?? null;
  return views;
}

export function locationOf(m: Pick<ViewRow, "type" | "content">): MessageOut["location"] {
  if (m.type !== "location" || !m.content) return null;
  const c = m.content;
  const [latitude, longitude] = [Number(c.latitude), Number(c.longitude)];
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const str = (v: unknown) => (typeof v === "string" && v ? v : null);
  return { latitude, longitude, name: str(c.name), address: str(c.address) };
}

// A message page's statements, written once with the view's columns: drizzle's select builder spends
// about 200 µs making the text of a 21-column select on every request, and its rendering of even a
// short template some 30 µs (lib/db/statement.ts); the unused columns would cost their decoding.
const pageOf = (after: string) =>
  statement(`select ${viewColumns.aliased} from messages where conversation_id = $1 and business_id = $2 ${after}
    order by created_at desc, id desc limit $3`);
const pageStatements = {
  first: pageOf(""),
  after: pageOf("and (created_at, id) < ($4::timestamptz, $5)"),
};

/** What a message page may carry besides the messages (`include=notes,events`). */
export type Include = { notes: boolean; events: boolean };

/**
 * A conversation's messages, newest first, paged with `before`. With `include`, the conversation's
 * internal notes and history lines are merged in by time (one page, one cursor over all three).
 */
export async function listMessages(
  db: Db,
  businessId: string,
  conversationId: string,
  page: { limit: number; before?: string | null; include?: Include },
): Promise<Page<MessageOut | ConversationEventOut>> {
  const include = page.include ?? { notes: false, events: false };
  const mixed = include.notes || include.events;
  const cursor = page.before ? decodeCursor(page.before, mixed ? "" : "msg_", "before") : null;
  if (cursor && !/^(msg|cev)_/.test(cursor.id)) throw invalid([{ path: "before", message: "The cursor is malformed or belongs to another list." }]);
  // The page's rows carry their time as the ISO text the view writes (no Date made and written again).
  const rows = await selectStatementIsoRows(
    db,
    cursor ? pageStatements.after : pageStatements.first,
    cursor ? [conversationId, businessId, page.limit + 1, cursor.createdAt.toISOString(), cursor.id] : [conversationId, businessId, page.limit + 1],
    viewColumns.columns,
  );
  const lines = mixed ? await conversationEventRows(db, businessId, conversationId, { ...include, before: cursor, limit: page.limit + 1 }) : [];
  // Messages are only ever stored in a conversation of their business, so a non-empty page proves the
  // conversation is there: the 404 check (missing or foreign id) costs a round trip only for empty pages.
  if (!rows.length && !lines.length) await findConversation(db, businessId, conversationId);
  // Most pages hold no agent reply: no lookup, and no await, then.
  const authorIds = rows.flatMap((m) => (m.userId ? [m.userId] : []));
  const authors = authorIds.length ? await authorNames(db, businessId, authorIds) : null;
  const viewOf = (m: ViewRow): MessageOut => {
    const view = messageView(m);
    if (view.author && authors) view.author = authors.get(view.author.id) ?? view.author;
    return view;
  };
  if (!mixed) return quotePage(db, businessId, toPage(rows, page.limit, viewOf));

  type Entry = { at: number; createdAt: Date | string; id: string; message?: ViewRow; line?: (typeof lines)[number] };
  const merged: Entry[] = [
    ...rows.map((m) => ({ at: Date.parse(m.createdAt), createdAt: m.createdAt, id: m.id, message: m })),
    ...lines.map((l) => ({ at: l.createdAt.getTime(), createdAt: l.createdAt, id: l.id, line: l })),
  ].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const taken = merged.slice(0, page.limit + 1);
  const lineViews = new Map(
    (
      await conversationEventViews(
        db,
        businessId,
        taken.flatMap((e) => (e.line ? [e.line] : [])),
      )
    ).map((v) => [v.id, v]),
  );
  return quotePage(
    db,
    businessId,
    toPage(taken, page.limit, (e) => (e.line ? (lineViews.get(e.id) as ConversationEventOut) : viewOf(e.message as ViewRow))),
  );
}

/** Most pages quote nothing: no read, and the page as it is. */
async function quotePage<T extends MessageOut | ConversationEventOut>(db: Db, businessId: string, page: Page<T>): Promise<Page<T>> {
  const views = page.data.filter((v): v is T & MessageOut => "replyTo" in v && !!v.replyTo);
  if (views.length) await withQuotes(db, businessId, views);
  return page;
}

/** The display names of the members who wrote messages (agent replies show who answered). */
async function authorNames(db: Db, businessId: string, ids: string[]): Promise<Map<string, { id: string; name: string | null }>> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.businessId, businessId), inArray(users.id, unique)));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name ?? r.email }]));
}

export type { PageParams };
