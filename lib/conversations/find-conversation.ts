import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { conversations } from "../db/schema";
import { notFound } from "../errors";

export type ConversationRow = typeof conversations.$inferSelect;

/** A conversation of the business, or 404 (a foreign id answers exactly like a missing one). */
export async function findConversation(db: Db, businessId: string, id: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.businessId, businessId), eq(conversations.id, id)));
  if (!row) throw notFound("conversation");
  return row;
}
