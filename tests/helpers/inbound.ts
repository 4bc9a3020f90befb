import { ensureContact } from "@/lib/contacts/contacts";
import { ensureConversation } from "@/lib/conversations/conversations";
import { db } from "@/lib/db/client";
import { conversations } from "@/lib/db/schema";
import { eq } from "drizzle-orm";

/**
 * A customer who wrote at `at`: contact + open conversation with lastInboundAt set, without going
 * through a channel (channel tests cover the real inbound path).
 */
export async function receiveForTest(businessId: string, phone: string, at = new Date()) {
  return db().transaction(async (tx) => {
    const { contact } = await ensureContact(tx, businessId, phone);
    const { conversation } = await ensureConversation(tx, businessId, contact.id);
    await tx.update(conversations).set({ lastInboundAt: at }).where(eq(conversations.id, conversation.id));
    return { contactId: contact.id, conversationId: conversation.id };
  });
}
