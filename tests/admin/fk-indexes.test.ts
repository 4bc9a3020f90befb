import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";

// drizzle/0018_fk_indexes.sql: a parent row the product deletes (a contact erased, a webhook endpoint
// deleted, a member removed) finds its children through an index, not by reading the whole child table
// once per deleted row. The references left without one are listed here on purpose: their parent goes
// only when a whole business or assistant is deleted, or the child table stays small, and an index on
// the job queue would cost every enqueue.
const withoutIndexOnPurpose = [
  "conversation_viewers.business_id",
  "jobs.business_id",
  "knowledge_items.assistant_id",
  "skill_sessions.business_id",
  "skills.assistant_id",
  "team_invites.accepted_user_id",
  "team_invites.invited_by",
  "webhook_attempts.business_id",
];

describe("indexes behind the foreign keys", () => {
  it("every reference whose parent the product deletes has an index that starts with its column", async () => {
    const rows = await queryRows<{ ref: string }>(
      db(),
      sql`select c.conrelid::regclass::text || '.' || a.attname as ref
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and array_length(c.conkey, 1) = 1
          and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
        order by 1`,
    );
    expect(rows.map((r) => r.ref)).toEqual(withoutIndexOnPurpose);
  });
});
