import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { savedReplies } from "../db/schema";
import { AppError, notFound } from "../errors";
import { newId } from "../ids";
import { afterCursor, decodeCursor, type Page, type PageParams, toPage } from "../pagination";
import type { SavedReplyOut, savedReplyIn, savedReplyPatch } from "../shared/saved-reply-schema";

type SavedReplyRow = typeof savedReplies.$inferSelect;

/** At most one page's worth per business: the reply box loads them all at once (limit=200) to filter as staff type. */
export const MAX_SAVED_REPLIES = 200;

function view(r: SavedReplyRow): SavedReplyOut {
  return { id: r.id, shortcut: r.shortcut, text: r.text, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() };
}

const taken = (shortcut: string) =>
  new AppError("conflict", `The shortcut /${shortcut} is already used by another saved reply.`, [
    { path: "shortcut", message: `/${shortcut} is already used.` },
  ]);

/** The business's saved replies, newest first, paged like every list. */
export async function listSavedReplies(db: Db, businessId: string, page: PageParams): Promise<Page<SavedReplyOut>> {
  const cursor = page.cursor ? decodeCursor(page.cursor, "sr_") : null;
  const rows = await db
    .select()
    .from(savedReplies)
    .where(and(eq(savedReplies.businessId, businessId), afterCursor(savedReplies.createdAt, savedReplies.id, cursor)))
    .orderBy(desc(savedReplies.createdAt), desc(savedReplies.id))
    .limit(page.limit + 1);
  return toPage(rows, page.limit, view);
}

export async function createSavedReply(db: Db, businessId: string, input: z.output<typeof savedReplyIn>): Promise<SavedReplyOut> {
  return db.transaction(async (tx) => {
    // Serialises creates per business so the cap holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-replies:${businessId}`}))`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(savedReplies).where(eq(savedReplies.businessId, businessId));
    if (Number(n) >= MAX_SAVED_REPLIES) throw new AppError("conflict", `A business may have at most ${MAX_SAVED_REPLIES} saved replies.`);
    const rows = await tx
      .insert(savedReplies)
      .values({ id: newId("sr"), businessId, shortcut: input.shortcut, text: input.text })
      .onConflictDoNothing({ target: [savedReplies.businessId, savedReplies.shortcut] })
      .returning();
    if (!rows.length) throw taken(input.shortcut);
    return view(rows[0]);
  });
}

export async function updateSavedReply(db: Db, businessId: string, id: string, patch: z.output<typeof savedReplyPatch>): Promise<SavedReplyOut> {
  const [existing] = await db
    .select()
    .from(savedReplies)
    .where(and(eq(savedReplies.businessId, businessId), eq(savedReplies.id, id)));
  if (!existing) throw notFound("saved reply");
  if (patch.shortcut && patch.shortcut !== existing.shortcut) {
    const [clash] = await db
      .select({ id: savedReplies.id })
      .from(savedReplies)
      .where(and(eq(savedReplies.businessId, businessId), eq(savedReplies.shortcut, patch.shortcut)));
    if (clash) throw taken(patch.shortcut);
  }
  try {
    const [row] = await db
      .update(savedReplies)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(savedReplies.businessId, businessId), eq(savedReplies.id, id)))
      .returning();
    if (!row) throw notFound("saved reply");
    return view(row);
  } catch (err) {
    // Two renames to one shortcut at once: the unique index decides, and the loser hears why.
    if (patch.shortcut && (err as { cause?: { code?: string }; code?: string }).cause?.code === "23505") throw taken(patch.shortcut);
    if ((err as { code?: string }).code === "23505" && patch.shortcut) throw taken(patch.shortcut);
    throw err;
  }
}

export async function deleteSavedReply(db: Db, businessId: string, id: string): Promise<{ id: string; deleted: true }> {
  const rows = await db
    .delete(savedReplies)
    .where(and(eq(savedReplies.businessId, businessId), eq(savedReplies.id, id)))
    .returning({ id: savedReplies.id });
  if (!rows.length) throw notFound("saved reply");
  return { id, deleted: true };
}
