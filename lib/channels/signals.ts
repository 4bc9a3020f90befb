import "server-only";
import { contactAddress } from "../shared/customer-address";
import { and, eq } from "drizzle-orm";
import { type Db, db as defaultDb } from "../db/client";
import { businesses, contacts, messages } from "../db/schema";
import { runs } from "../jobs/worker";
import { whatsappSignal } from "../messages/message-signals";
import { componentLogger } from "../observability/log";
import { businessAdapter } from "./adapters";
import { ChannelError } from "./channel";

// The `whatsapp.signals` job (queued by lib/messages/message-signals.ts, which records the receipt or
// the reaction first): tells the channel through its read-receipt and reaction doors (a typing
// indicator is a read receipt that also shows the customer a reply is being written).

async function runSignal(db: Db, payload: Record<string, unknown>): Promise<void> {
  const businessId = String(payload.businessId);
  const [business] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  // Disconnected since (no doors then): nothing to tell WhatsApp.
  const channel = business ? businessAdapter("whatsapp", business) : null;
  if (!channel?.markRead || !channel.react) return;
  try {
    if (payload.kind === "read" || payload.kind === "typing")
      return await channel.markRead(String(payload.wamid), { typing: payload.kind === "typing" });
    const [row] = await db
      .select({ wamid: messages.channelMessageId, phone: contacts.phone, waUserId: contacts.waUserId })
      .from(messages)
      .innerJoin(contacts, eq(contacts.id, messages.contactId))
      .where(and(eq(messages.id, String(payload.messageId)), eq(messages.businessId, businessId)));
    const to = row ? contactAddress(row) : null;
    if (row?.wamid && to) await channel.react(to, row.wamid, String(payload.emoji ?? ""));
  } catch (err) {
    // Outside the window or a refused id will not change by retrying: a lost blue tick is not worth a failed job.
    if (err instanceof ChannelError && (err.kind === "permanent" || err.kind === "window")) {
      componentLogger("whatsapp").warn({ signal: String(payload.kind), code: err.code, reason: err.message }, "signal not accepted");
      return;
    }
    throw err;
  }
}

export const signalsJob = runs(whatsappSignal, (payload) => runSignal(defaultDb(), payload));
