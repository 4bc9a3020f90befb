import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { tierUsers } from "../shared/messaging-limit";

// Meta's messaging limit, as campaigns count it (issue 37 item 5). Since October 2025 the limit is the
// business portfolio's, shared by all its numbers: unique WhatsApp users reached outside a customer
// service window in a moving 24 hours. The portfolio itself is not in the webhooks or the send answers,
// so the businesses here that share a WhatsApp Business Account stand for it (a portfolio may hold
// more accounts than that; those are not seen). A template to a customer who wrote in the 24 hours
// before it is inside their window and does not count.

export type MessagingLimitUse = {
  /** Meta's tier (TIER_2K, ...), null when not reported yet. */
  tier: string | null;
  /** The users Meta allows in 24 hours: null unlimited, undefined not reported. */
  users: number | null | undefined;
  /** Unique customers reached outside a service window in the last 24 hours, across the portfolio. */
  used: number;
  /** When the oldest of those sends leaves the 24 hours. */
  oldest: Date | null;
  /** How many of this service's businesses share the portfolio (the account) and its limit. */
  businesses: number;
};

export async function messagingLimitUse(db: Db, businessId: string): Promise<MessagingLimitUse> {
  const [row] = await queryRows<{ tier: string | null; businesses: number; used: number; oldest: string | Date | null }>(
    db,
    sql`with me as (select whatsapp_messaging_limit as tier, whatsapp_business_account_id as waba from businesses where id = ${businessId}),
        portfolio as (
          select b.id from businesses b, me where b.id = ${businessId} or (me.waba is not null and b.whatsapp_business_account_id = me.waba)
        ),
        reached as (
          select coalesce(c.phone, c.wa_user_id, c.id) as phone, m.created_at from messages m
          join contacts c on c.id = m.contact_id
          where m.business_id in (select id from portfolio) and m.direction = 'outbound' and m.type = 'template'
            and m.status <> 'failed' and m.created_at > now() - interval '24 hours'
            -- The contact alone (a contact is one business's): with i.business_id too, a planner whose
            -- statistics lag a campaign's inserts intersected the business's whole 24 hours for every
            -- send, 0.5-1.2 s a call at 5,000 sends (65 ms with the contact's index alone).
            and not exists (
              select 1 from messages i where i.contact_id = m.contact_id and i.direction = 'inbound'
                and coalesce(i.channel_timestamp, i.created_at) between m.created_at - interval '24 hours' and m.created_at
            )
        )
      select (select tier from me) as tier, (select count(*)::int from portfolio) as businesses,
        (select count(distinct phone)::int from reached) as used, (select min(created_at) from reached) as oldest`,
  );
  return {
    tier: row?.tier ?? null,
    users: tierUsers(row?.tier ?? null),
    used: row?.used ?? 0,
    oldest: row?.oldest ? new Date(row.oldest) : null,
    businesses: row?.businesses ?? 1,
  };
}
