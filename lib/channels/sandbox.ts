import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { ulid } from "ulid";
import type { Db } from "../db/client";
import { messages } from "../db/schema";
import type { ChannelAdapter } from "./channel";

// The built-in channel every business has: a message "reaches" the customer when the dashboard's
// simulator shows it. Sending therefore always succeeds at once; delivery is the simulator's call.

export const sandboxAdapter: ChannelAdapter = {
  channel: "sandbox",
  async send() {
    return { channelMessageId: `sbx_${ulid()}`, acceptedAt: new Date() };
  },
};

/** Marks sandbox messages the simulator has shown as delivered (forward only: sent -> delivered). */
export async function markSandboxDelivered(db: Db, businessId: string, messageIds: string[]): Promise<string[]> {
  if (!messageIds.length) return [];
  const rows = await db
    .update(messages)
    .set({ status: "delivered" })
    .where(
      and(
        eq(messages.businessId, businessId),
        inArray(messages.id, messageIds),
        eq(messages.channel, "sandbox"),
        eq(messages.direction, "outbound"),
        eq(messages.status, "sent"),
      ),
    )
    .returning({ id: messages.id });
  return rows.map((r) => r.id);
}
