import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { newId } from "../ids";
import { conversations } from "../db/schema";
import { handOff, lockConversation, setAssignee } from "./transitions";
import { recordConversationEvent } from "./conversation-events";
import { abandonPausedSession } from "./skill-sessions";

type ConversationRow = typeof conversations.$inferSelect;

export const AGENT_REPLIED = "agent_replied";
export const INACTIVITY_TIMEOUT = "inactivity_timeout";

/**
 * People first: a person's reply (the inbox, or `POST /v1/messages` from a member or with
 * `source: "agent"`) pauses the assistant on that conversation, inside the send's transaction. An open
 * conversation moves to `handoff` (reason `agent_replied`), its running skill session is paused with
 * what it gathered (a person completes it or hands it back: lib/runtime/turn/takeover.ts), and the
 * replying member becomes the assignee: the first person to reply claims the conversation. In `handoff` already, an unassigned
 * conversation is assigned to the replier; someone else's stays theirs. Either way the people's clock
 * (the inactivity timeout) restarts.
 */
export async function pauseForPerson(tx: Db, businessId: string, conversationId: string, userId: string | null): Promise<void> {
  const current = await lockConversation(tx, businessId, conversationId);
  if (current.status === "open") {
    await handOff(tx, current, { reason: AGENT_REPLIED, actor: { type: "agent", userId }, assignTo: userId });
    return;
  }
  if (current.status !== "handoff") return;
  if (userId && !current.assigneeId) {
    await setAssignee(tx, current, userId, { type: "agent", userId }, AGENT_REPLIED);
  } else {
    await tx.update(conversations).set({ humanActivityAt: sql`now()` }).where(eq(conversations.id, current.id));
  }
}

/**
 * The inactivity timeout, applied when the customer's next message arrives (inside its transaction,
 * on the locked row): a handoff nobody acted on for the business's `resumeAfterMinutes` goes back to
 * the assistant (status `open`, a `returned` line with reason `inactivity_timeout`), and that message
 * is the assistant's to answer. Checked on arrival rather than by a sweeping job: until the customer
 * writes there is nothing for the assistant to answer, and the check costs one read only for
 * handed-off conversations of businesses that set a timeout.
 */
export async function resumeIfInactive(tx: Db, conversation: ConversationRow): Promise<ConversationRow> {
  if (conversation.status !== "handoff") return conversation;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update conversations c set status = 'open', handoff_reason = null, misses = 0, updated_at = now()
        from inbox_settings s
        where c.id = ${conversation.id} and c.status = 'handoff' and s.business_id = c.business_id
          and s.resume_after_minutes is not null
          and coalesce(c.human_activity_at,
                (select max(t.created_at) from conversation_transitions t where t.conversation_id = c.id and t.to_status = 'handoff'))
              < now() - make_interval(mins => s.resume_after_minutes)
        returning c.id`,
  );
  if (!rows.length) return conversation;
  // Nobody completed or handed back a skill people paused: it is dropped, as with Return to assistant.
  await abandonPausedSession(tx, conversation.id);
  await tx.execute(
    sql`insert into conversation_transitions (id, business_id, conversation_id, from_status, to_status, reason, actor)
        values (${newId("trn")}, ${conversation.businessId}, ${conversation.id}, 'handoff', 'open', ${INACTIVITY_TIMEOUT}, 'system')`,
  );
  await recordConversationEvent(tx, conversation, { kind: "returned", actor: { type: "system", userId: null }, text: INACTIVITY_TIMEOUT });
  const [updated] = await tx.select().from(conversations).where(eq(conversations.id, conversation.id));
  return updated;
}
