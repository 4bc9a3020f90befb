import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { recordConversationEvent } from "../conversations/conversation-events";
import { ensureConversation } from "../conversations/conversations";
import type { Db } from "../db/client";
import { contacts, conversations } from "../db/schema";
import { emitEvent } from "../events/emit";
import { contactView } from "./contacts";

// WhatsApp's `system` message user_changed_number (issue 37 item 2): the customer moved to a new
// number. The contact keeps its history and takes the new number; the thread shows it as a line; it is
// no message from the customer and starts no assistant turn. When the new number is already another
// contact's, both stay as they are and the line says so (merging two customers is a person's decision).

export type NumberChange = { channel: "whatsapp"; oldPhone: string; newPhone: string | null; notice: string };

/** Applies the change; returns what happened ("moved", "taken", "unknown": no contact with the old number, "no_number"). */
export async function applyNumberChange(db: Db, businessId: string, change: NumberChange): Promise<"moved" | "taken" | "unknown" | "no_number"> {
  return db.transaction(async (tx) => {
    const [contact] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.businessId, businessId), eq(contacts.phone, change.oldPhone)))
      .for("update");
    if (!contact) return "unknown";
    if (!change.newPhone) {
      await line(tx, businessId, contact.id, change.notice);
      return "no_number";
    }
    const [taken] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.businessId, businessId), eq(contacts.phone, change.newPhone)));
    if (taken && taken.id !== contact.id) {
      await line(tx, businessId, contact.id, `${change.notice} (that number is already another contact here: both are kept)`);
      return "taken";
    }
    const [moved] = await tx.update(contacts).set({ phone: change.newPhone, updatedAt: new Date() }).where(eq(contacts.id, contact.id)).returning();
    await line(tx, businessId, contact.id, change.notice);
    await emitEvent(tx, businessId, "contact.updated", { contact: contactView(moved), changes: ["phone"], source: "channel" });
    return "moved";
  });
}

async function line(tx: Db, businessId: string, contactId: string, notice: string) {
  const [latest] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.businessId, businessId), eq(conversations.contactId, contactId)))
    .orderBy(desc(conversations.updatedAt))
    .limit(1);
  const conversation = latest ?? (await ensureConversation(tx, businessId, contactId)).conversation;
  await recordConversationEvent(tx, conversation, { kind: "number_changed", actor: { type: "system", userId: null }, text: notice.slice(0, 500) });
}
