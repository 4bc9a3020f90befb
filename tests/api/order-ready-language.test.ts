import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { upsertContact } from "@/lib/contacts/contacts";
import { ensureConversation } from "@/lib/conversations/conversations";
import { db } from "@/lib/db/client";
import { conversations, messages } from "@/lib/db/schema";
import { createRecord } from "@/lib/records/records";
import { api, makeBusiness, uniquePhone } from "../helpers/api";

// The order-ready message in the customer's language (issue 35 item 4): the default text is said in
// the conversation's language (a text the owner wrote is sent as written: order-ready.test.ts).

async function readyOrder(language: string | null) {
  const b = await makeBusiness();
  const contact = await upsertContact(db(), b.businessId, { phone: uniquePhone(), name: "Ana" });
  const { conversation } = await ensureConversation(db(), b.businessId, contact.id);
  await db().update(conversations).set({ lastInboundAt: new Date(), language }).where(eq(conversations.id, conversation.id));
  const order = await createRecord(db(), b.businessId, {
    collection: "orders",
    fields: { total: 1100 },
    contactId: contact.id,
    conversationId: conversation.id,
  });
  const res = await api("PATCH", `/v1/records/orders/${order.id}`, { key: b.key, body: { status: "ready" } });
  expect(res.body.notification).toMatchObject({ sent: true, via: "text" });
  const [sent] = await db()
    .select({ text: messages.text })
    .from(messages)
    .where(and(eq(messages.businessId, b.businessId), eq(messages.direction, "outbound")));
  return sent.text;
}

describe("the order-ready message's language", () => {
  it("says the default text in the customer's language", async () => {
    expect(await readyOrder("pt")).toBe("Boas notícias: a sua encomenda está pronta.");
    expect(await readyOrder("es")).toBe("Buenas noticias: tu pedido está listo.");
    expect(await readyOrder(null)).toBe("Good news: your order is ready.");
  });
});
