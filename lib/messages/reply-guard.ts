import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { AppError, invalid } from "../errors";
import { lockConversation } from "../conversations/transitions";

// Two people answering one customer (issue 36): a person's send may say which message of the
// conversation they had seen last (`seenUpTo`). When another person replied after it, the send is
// refused with 409 `already_replied`, naming who, when and what, and nothing is stored; sending again
// with `force` sends anyway. The check runs on the locked conversation row, in the send's
// transaction, so of two replies sent at the same instant the second always sees the first.

/** Another person's reply written after the message the sender had seen. */
export type ReplyMeanwhile = { messageId: string; authorId: string | null; authorName: string | null; text: string; createdAt: string };

const quote = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/**
 * Refuses the send when a person other than `userId` replied in the conversation after `seenUpTo` (a
 * message id of this customer's). An unknown marker is a 400 on `seenUpTo`.
 */
export async function assertNoReplySince(
  tx: Db,
  businessId: string,
  conversation: { id: string; contactId: string },
  seenUpTo: string,
  userId: string | null,
): Promise<void> {
  await lockConversation(tx, businessId, conversation.id);
  const [marker] = await queryRows<{ created_at: Date | string }>(
    tx,
    sql`select created_at from messages where id = ${seenUpTo} and business_id = ${businessId} and contact_id = ${conversation.contactId}`,
  );
  if (!marker) throw invalid([{ path: "seenUpTo", message: "No such message in this conversation." }]);
  const [other] = await queryRows<{
    id: string;
    user_id: string | null;
    name: string | null;
    email: string | null;
    text: string;
    created_at: Date | string;
  }>(
    tx,
    sql`select m.id, m.user_id, u.name, u.email, m.text, m.created_at from messages m
        left join users u on u.id = m.user_id and u.business_id = m.business_id
        where m.business_id = ${businessId} and m.conversation_id = ${conversation.id}
          and m.direction = 'outbound' and m.source = 'agent' and m.user_id is distinct from ${userId}
          and (m.created_at, m.id) > (${new Date(marker.created_at).toISOString()}::timestamptz, ${seenUpTo})
        order by m.created_at desc, m.id desc limit 1`,
  );
  if (!other) return;
  const meanwhile: ReplyMeanwhile = {
    messageId: other.id,
    authorId: other.user_id,
    authorName: other.name ?? other.email,
    text: other.text,
    createdAt: new Date(other.created_at).toISOString(),
  };
  const who = meanwhile.authorName ?? "Another person";
  throw new AppError(
    "already_replied",
    `${who} replied after the message you last saw: "${quote(meanwhile.text)}". Send again with force: true to send anyway.`,
    [{ path: "seenUpTo", message: `${meanwhile.messageId} by ${meanwhile.authorId ?? "the API"} at ${meanwhile.createdAt}` }],
  );
}
