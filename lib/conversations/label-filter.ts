import { type SQL, sql } from "drizzle-orm";
import { conversations } from "../db/schema";

/**
 * The `label=` filter of the conversation lists: conversations carrying the label, given by id or by
 * name (case ignored). Scoped to the business on both tables: another business's label matches nothing.
 */
export function carriesLabel(businessId: string, label: string): SQL {
  return sql`exists (select 1 from conversation_labels cl join labels l on l.id = cl.label_id and l.business_id = ${businessId}
    where cl.conversation_id = ${conversations.id} and cl.business_id = ${businessId}
      and (l.id = ${label} or lower(l.name) = lower(${label})))`;
}
