import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { conversations } from "@/lib/db/schema";
import { receiveForTest } from "./inbound";

export { receiveForTest };

/** Pretend the customer wrote `agoMs` ago, so the 24-hour window is open (or closed). */
export async function setLastInbound(conversationId: string, agoMs: number) {
  await db()
    .update(conversations)
    .set({ lastInboundAt: sql`now() - make_interval(secs => ${agoMs / 1000})` })
    .where(eq(conversations.id, conversationId));
}
