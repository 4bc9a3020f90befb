import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { OPT_TEXTS, optIntent } from "@/lib/contacts/opt-out";
import { db } from "@/lib/db/client";
import { conversations, messages } from "@/lib/db/schema";
import { receiveInboundMessage } from "@/lib/messages/receive-message";
import { makeBusiness } from "../helpers/api";

// The opt-out answer in the customer's language (issue 35 item 4): the conversation's language when a
// message has said it, whatever the word ("STOP" from a Portuguese customer, "parar" from a Spanish one
// on a Portuguese number), else the word's, else the country's; Portuguese as spoken in Lisbon.

const inbound = (phone: string, text: string) => ({
  channel: "sandbox" as const,
  from: phone,
  profileName: null,
  channelMessageId: `sbx.${phone}.${Math.random()}`,
  timestamp: new Date(),
  type: "text",
  text,
  content: null,
});

describe("the opt-out answer's language", () => {
  it("follows the conversation's language over the word and the phone's country", async () => {
    const b = await makeBusiness();
    const cases = [
      { phone: `+3519${String(Date.now()).slice(-8)}`, spoken: "es", word: "parar" },
      { phone: `+1415${String(Date.now()).slice(-7)}`, spoken: "pt", word: "STOP" },
    ] as const;
    for (const c of cases) {
      const first = await receiveInboundMessage(db(), b.businessId, inbound(c.phone, "hola"));
      await db().update(conversations).set({ language: c.spoken }).where(eq(conversations.id, first.conversation.id));
      await receiveInboundMessage(db(), b.businessId, inbound(c.phone, c.word));
      const out = await db()
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, first.conversation.id), eq(messages.direction, "outbound")));
      expect(out.map((m) => m.text)).toEqual([OPT_TEXTS[c.spoken].out]);
    }
  });

  it("reads the word, then the country, when no message has said the language", () => {
    expect(optIntent("parar", "+34612345678")).toEqual({ kind: "out", language: "es" });
    expect(optIntent("parar", "+34612345678", [], "pt")).toEqual({ kind: "out", language: "pt" });
    expect(optIntent("basta", "+351912345678", ["basta"])).toEqual({ kind: "out", language: "pt" });
    expect(OPT_TEXTS.pt.out).not.toMatch(/você/i);
  });
});
