// Shared set-up for the campaign tests: a worker running the campaign queue with the conversational
// ones (deliveries, inbound webhooks, assistant turns, events), for this process's businesses only.
import { eq, sql } from "drizzle-orm";
import { assistantTurn } from "../../lib/messages/receive-message";
import { campaignSend } from "../../lib/campaigns/campaigns";
import { inboundWebhook } from "../../lib/channels/whatsapp/inbound";
import { db } from "../../lib/db/client";
import { queryRows } from "../../lib/db/rows";
import { campaignRecipients, campaigns } from "../../lib/db/schema";
import { eventDispatch } from "../../lib/events/emit";
import { jobHandlers } from "../../lib/server/jobs";
import { RetryLater, startWorker, type Worker } from "../../lib/jobs/worker";
import { messageDelivery } from "../../lib/messages/outbound";
import { own } from "../channels/harness";

const owned = new Set<string>();
const ownedNumbers = new Set<string>();

export function ownCampaignBusiness(businessId: string, phoneNumberId?: string) {
  owned.add(businessId);
  if (phoneNumberId) ownedNumbers.add(phoneNumberId);
  own({ businessId, phoneNumberId });
}

export const CAMPAIGN_TEST_QUEUES = [campaignSend.name, messageDelivery.name, inboundWebhook.name, assistantTurn.name, eventDispatch.name];

export function campaignWorker(concurrency = 8): Worker {
  const handlers = Object.fromEntries(
    CAMPAIGN_TEST_QUEUES.map((queue) => {
      const handler = jobHandlers[queue];
      if (!handler) throw new Error(`${queue} is not registered`);
      return [
        queue,
        async (payload: Record<string, unknown>, job: Parameters<typeof handler>[1]) => {
          const mine =
            queue === inboundWebhook.name
              ? ((payload.phoneNumberIds as string[] | undefined) ?? []).some((id) => ownedNumbers.has(id))
              : owned.has(String(payload.businessId));
          if (!mine) throw new RetryLater(20, "another test process's job", false);
          return handler(payload, job);
        },
      ];
    }),
  );
  return startWorker(handlers, { pollMs: 50, concurrency });
}

export async function campaignStatus(id: string) {
  const [row] = await db().select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

export async function recipientsOf(campaignId: string) {
  return db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId)).orderBy(campaignRecipients.id);
}

/**
 * Adds `n` contacts in bulk (one statement per 1,000) with the given tags; returns their phones. Their
 * ids carry the business's, so two files using one prefix in a worker thread's shared database never
 * collide (tests/helpers/setup.ts).
 */
export async function bulkContacts(businessId: string, n: number, prefix: string, tags: string[] = []): Promise<string[]> {
  const phones = Array.from({ length: n }, (_, i) => `+${prefix}${String(i).padStart(6, "0")}`);
  for (let i = 0; i < n; i += 1000) {
    const values = sql.join(
      phones
        .slice(i, i + 1000)
        .map(
          (p, j) =>
            sql`(${`ct_bulk${businessId.slice(-10)}${prefix}${String(i + j).padStart(8, "0")}`}, ${businessId}, ${p}, ${`Guest ${i + j}`}, ${`{${tags.join(",")}}`}::text[])`,
        ),
      sql`, `,
    );
    await db().execute(sql`insert into contacts (id, business_id, phone, name, tags) values ${values}`);
  }
  return phones;
}

export async function campaignJobs(businessId: string) {
  return queryRows<{ id: number; locked_by: string | null; run_at: Date; status: string }>(
    db(),
    sql`select id, locked_by, run_at, status from jobs where queue = ${campaignSend.name} and payload->>'businessId' = ${businessId} order by id`,
  );
}
