import "server-only";
import { and, desc, eq, or } from "drizzle-orm";
import { recordConversationEvent } from "../conversations/conversation-events";
import { ensureConversation } from "../conversations/conversations";
import type { Db } from "../db/client";
import { contacts, conversations } from "../db/schema";
import { emitEvent } from "../events/emit";
import { contactView } from "./contacts";

// WhatsApp's `system` messages about the customer (issue 37 items 1 and 2): user_changed_number (the
// customer moved to a new number; WhatsApp issues a new BSUID with it) and user_changed_user_id (a new
// BSUID alone). The contact keeps its history and takes the new identifiers; the thread shows it as a
// line; it is no message from the customer and starts no assistant turn. When a new identifier is
// already another contact's, both stay as they are and the line says so (merging two customers is a
// person's decision).

export type NumberChange = {
  channel: "whatsapp";
  kind: "user_changed_number" | "user_changed_user_id";
  /** How the message named the customer before the change (its `from` and `from_user_id`). */
  old: { phone: string | null; waUserId: string | null };
  newPhone: string | null;
  newUserId: string | null;
  notice: string;
};

/** Applies the change; returns what happened ("moved", "taken", "unknown": no such contact, "no_number": nothing new given). */
export async function applyNumberChange(db: Db, businessId: string, change: NumberChange): Promise<"moved" | "taken" | "unknown" | "no_number"> {
  return db.transaction(async (tx) => {
    const by = [
      change.old.phone ? eq(contacts.phone, change.old.phone) : undefined,
      change.old.waUserId ? eq(contacts.waUserId, change.old.waUserId) : undefined,
    ].filter((c) => c !== undefined);
    if (!by.length) return "unknown";
    const found = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.businessId, businessId), or(...by)))
      .for("update");
    const contact = found.find((c) => change.old.waUserId && c.waUserId === change.old.waUserId) ?? found[0];
    if (!contact) return "unknown";
    const wanted: { phone?: string; waUserId?: string } = {};
    if (change.newPhone && change.newPhone !== contact.phone) wanted.phone = change.newPhone;
    if (change.newUserId && change.newUserId !== contact.waUserId) wanted.waUserId = change.newUserId;
    if (!wanted.phone && !wanted.waUserId) {
      await line(tx, businessId, contact.id, change.notice);
      return "no_number";
    }
    const holders = await tx
      .select({ id: contacts.id, phone: contacts.phone, waUserId: contacts.waUserId })
      .from(contacts)
      .where(
        and(
          eq(contacts.businessId, businessId),
          or(...[wanted.phone ? eq(contacts.phone, wanted.phone) : undefined, wanted.waUserId ? eq(contacts.waUserId, wanted.waUserId) : undefined]),
        ),
      );
    if (holders.some((h) => h.id !== contact.id)) {
      const what = change.kind === "user_changed_number" ? "that number" : "that WhatsApp id";
      await line(tx, businessId, contact.id, `${change.notice} (${what} is already another contact here: both are kept)`);
      return "taken";
    }
    const [moved] = await tx
      .update(contacts)
      .set({ ...wanted, updatedAt: new Date() })
      .where(eq(contacts.id, contact.id))
      .returning();
    await line(tx, businessId, contact.id, change.notice);
    const changes = [...(wanted.phone ? ["phone"] : []), ...(wanted.waUserId ? ["waUserId"] : [])];
    await emitEvent(tx, businessId, "contact.updated", { contact: contactView(moved), changes, source: "channel" });
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
