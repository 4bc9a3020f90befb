import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { memberLoads, pickRoundRobinAgent } from "./presence";
import { lockConversation, setAssignee } from "./transitions";

// Assignment with capacity (issue 36, item 7): the queue of handed-off conversations nobody has, and
// giving them to agents as places free up.

const QUEUE_BATCH = 20;

/**
 * Gives queued conversations (handed off, unassigned, the longest wait first) to available agents
 * under their capacity, one transaction each, until the queue or the free places run out. Run when a
 * member's dashboard polls (an agent back online, a conversation closed), when an agent sets themselves
 * online and when an owner changes a capacity. Cheap when there is nothing to do: one read.
 */
export async function assignQueued(db: Db, businessId: string): Promise<number> {
  const queued = await queryRows<{ id: string }>(
    db,
    sql`select c.id from conversations c join inbox_settings s on s.business_id = c.business_id and s.auto_assign
        where c.business_id = ${businessId} and c.status = 'handoff' and c.assignee_id is null
        order by coalesce(c.waiting_since, c.updated_at), c.id limit ${QUEUE_BATCH}`,
  );
  let assigned = 0;
  for (const { id } of queued) {
    const done = await db.transaction(async (tx) => {
      const current = await lockConversation(tx, businessId, id);
      if (current.status !== "handoff" || current.assigneeId) return "skip" as const;
      const agent = await pickRoundRobinAgent(tx, businessId);
      if (!agent) return "full" as const;
      await setAssignee(tx, current, agent, { type: "system", userId: null }, "round_robin");
      return "assigned" as const;
    });
    if (done === "full") break;
    if (done === "assigned") assigned++;
  }
  return assigned;
}

export type QueueEntry = { id: string; contactName: string; waitingSince: string | null; handedOffAt: string };
export type TeamLoadMember = {
  id: string;
  name: string | null;
  email: string;
  role: "owner" | "agent";
  availability: "online" | "away" | "offline";
  capacity: number | null;
  open: number;
};

/** The owner's view: the queue (oldest first) and every member's availability and load against capacity. */
export async function teamLoad(db: Db, businessId: string): Promise<{ queue: QueueEntry[]; members: TeamLoadMember[] }> {
  const queue = await queryRows<{
    id: string;
    name: string | null;
    phone: string;
    waiting_since: Date | string | null;
    at: Date | string | null;
    updated_at: Date | string;
  }>(
    db,
    sql`select c.id, k.name, k.phone, c.waiting_since, c.updated_at,
          (select max(t.created_at) from conversation_transitions t where t.conversation_id = c.id and t.to_status = 'handoff') as at
        from conversations c join contacts k on k.id = c.contact_id and k.business_id = c.business_id
        where c.business_id = ${businessId} and c.status = 'handoff' and c.assignee_id is null
        order by coalesce(c.waiting_since, c.updated_at), c.id limit 200`,
  );
  const people = await queryRows<{ id: string; name: string | null; email: string; role: "owner" | "agent" }>(
    db,
    sql`select id, name, email, role from users where business_id = ${businessId} order by created_at, id`,
  );
  const loads = await memberLoads(db, businessId);
  const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);
  return {
    queue: queue.map((q) => ({
      id: q.id,
      contactName: q.name ?? q.phone,
      waitingSince: iso(q.waiting_since),
      handedOffAt: iso(q.at ?? q.updated_at) as string,
    })),
    members: people.map((p) => {
      const l = loads.get(p.id);
      return { ...p, availability: l?.availability ?? "offline", capacity: l?.capacity ?? null, open: l?.open ?? 0 };
    }),
  };
}
