import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBusiness } from "@/lib/businesses/businesses";
import { databaseKind, db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { messages, tokenLedger } from "@/lib/db/schema";
import { sendMessage } from "@/lib/messages/send-message";
import { chargeFailedAtCommit, chargeTokens, InsufficientTokens } from "@/lib/wallet/wallet";
import { uniquePhone } from "../helpers/api";
import { receiveForTest } from "../helpers/inbound";

// An automated reply's tokens leave the wallet when its transaction commits (drizzle/0042, the deferred
// trigger token_ledger_charge_at_commit): the reply's statement checks the balance without locking the
// business's row, so one business's replies do not queue on that row for their transactions' last
// round trips (docs/performance.md, thirteenth round). A reply still exists exactly when it was paid.

async function business(tokens: number) {
  const { businessId } = await createBusiness(db(), { name: "Charge Co", tokens });
  const phone = uniquePhone();
  const { conversationId } = await receiveForTest(businessId, phone);
  return { businessId, phone, conversationId };
}

const balanceOf = async (businessId: string) =>
  Number((await queryRows<{ b: string }>(db(), sql`select token_balance as b from businesses where id = ${businessId}`))[0].b);

const reply = (tx: Parameters<typeof sendMessage>[0], b: { businessId: string; phone: string }, text: string, tokens: number, chargedBefore = 0) =>
  sendMessage(tx, b.businessId, { to: b.phone, type: "text", text }, { source: "assistant", tokens, charge: true, chargedBefore });

async function usage(businessId: string) {
  return db()
    .select({ tokens: tokenLedger.tokens, atCommit: tokenLedger.chargedAtCommit })
    .from(tokenLedger)
    .where(and(eq(tokenLedger.businessId, businessId), eq(tokenLedger.kind, "usage")))
    .orderBy(tokenLedger.createdAt, tokenLedger.id);
}

async function assistantTexts(businessId: string) {
  const rows = await db()
    .select({ text: messages.text })
    .from(messages)
    .where(and(eq(messages.businessId, businessId), eq(messages.source, "assistant")))
    .orderBy(messages.createdAt, messages.id);
  return rows.map((r) => r.text);
}

describe("an automated reply charged at commit", () => {
  it("leaves the balance as it is until the commit, and counts the transaction's earlier replies", async () => {
    const b = await business(100);
    await db().transaction(async (tx) => {
      await reply(tx, b, "first", 60);
      const [inside] = await queryRows<{ b: string }>(tx, sql`select token_balance as b from businesses where id = ${b.businessId}`);
      expect(Number(inside.b)).toBe(100);
      // 100 covers 60 but not 60 + 60: refused, and nothing of it is stored.
      await expect(reply(tx, b, "second", 60, 60)).rejects.toBeInstanceOf(InsufficientTokens);
      await reply(tx, b, "third", 40, 60);
      // The general path (chargeTokens) counts them the same way.
      expect(await chargeTokens(tx, b.businessId, 1, { conversationId: b.conversationId }, { atCommit: true, chargedBefore: 100 })).toBe(false);
    });
    expect(await balanceOf(b.businessId)).toBe(0);
    expect(await usage(b.businessId)).toEqual([
      { tokens: -60, atCommit: true },
      { tokens: -40, atCommit: true },
    ]);
    expect(await assistantTexts(b.businessId)).toEqual(["first", "third"]);
  });

  it("fails the commit, and the reply with it, when the balance no longer covers it", async () => {
    const b = await business(100);
    const failed = await db()
      .transaction(async (tx) => {
        await reply(tx, b, "paid for?", 60);
        // What another reply's commit would have done meanwhile.
        await tx.execute(sql`update businesses set token_balance = 30 where id = ${b.businessId}`);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(chargeFailedAtCommit(failed)).toBe(true);
    expect(await balanceOf(b.businessId)).toBe(100);
    expect(await usage(b.businessId)).toEqual([]);
    expect(await assistantTexts(b.businessId)).toEqual([]);
  });

  // Two connections: the embedded database has one, and runs one transaction at a time.
  it.skipIf(databaseKind() === "pglite")("lets two replies of one business run at once; the commit that finds the balance short fails", async () => {
    const b = await business(100);
    // Two customers: one conversation's replies queue on its own row, as they should.
    const phone = uniquePhone();
    const { conversationId } = await receiveForTest(b.businessId, phone);
    const other = { ...b, phone, conversationId };
    let bothReplied!: () => void;
    const replied = new Promise<void>((resolve) => {
      bothReplied = resolve;
    });
    let count = 0;
    const one = (to: typeof b, text: string) =>
      db()
        .transaction(async (tx) => {
          await reply(tx, to, text, 60);
          // Neither reply's statement waits for the other's transaction: no lock on the business's row.
          if (++count === 2) bothReplied();
          await replied;
        })
        .then(
          () => "committed",
          (err: unknown) => (chargeFailedAtCommit(err) ? "short at commit" : err),
        );
    const outcomes = await Promise.all([one(b, "a"), one(other, "b")]);
    expect(outcomes.sort()).toEqual(["committed", "short at commit"]);
    expect(await balanceOf(b.businessId)).toBe(40);
    expect(await usage(b.businessId)).toEqual([{ tokens: -60, atCommit: true }]);
    expect(await assistantTexts(b.businessId)).toHaveLength(1);
  });
});
