import "server-only";
import { and, eq, gte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import { statement } from "../db/statement";
import { businesses, tokenLedger } from "../db/schema";
import { invalid, notFound } from "../errors";
import { newId } from "../ids";

export const walletOut = z.object({
  balanceTokens: z.number().int(),
  periodUsedTokens: z.number().int(),
  periodEndsAt: z.string(),
  periodStartsAt: z.string(),
});
export type WalletOut = z.infer<typeof walletOut>;

/** The current period is this calendar month in UTC. */
export function currentPeriod(now = new Date()): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

// One short statement, written once (lib/db/statement.ts): a hot read, no query builder per request.
const walletStatement = statement(`select b.token_balance as balance,
    (select coalesce(-sum(l.tokens), 0) from token_ledger l
      where l.business_id = b.id and l.kind = 'usage' and l.created_at >= $2::timestamptz) as used
  from businesses b where b.id = $1`);

export async function getWallet(db: Db, businessId: string): Promise<WalletOut> {
  const { start, end } = currentPeriod();
  const [row] = await walletStatement(db, [businessId, start.toISOString()]);
  if (!row) throw notFound("business");
  return {
    balanceTokens: Number(row.balance),
    periodUsedTokens: Number(row.used),
    periodEndsAt: end.toISOString(),
    periodStartsAt: start.toISOString(),
  };
}

/** Adds tokens (grant) or corrects the balance (adjustment, may be negative but never below zero). */
export async function grantTokens(db: Db, businessId: string, tokens: number, kind: "grant" | "adjustment" = "grant", note?: string) {
  if (!Number.isSafeInteger(tokens) || (kind === "grant" && tokens <= 0)) {
    throw invalid([{ path: "tokens", message: "tokens must be a positive integer." }]);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(businesses)
      .set({ tokenBalance: sql`${businesses.tokenBalance} + ${tokens}` })
      .where(and(eq(businesses.id, businessId), gte(sql`${businesses.tokenBalance} + ${tokens}`, 0)))
      .returning({ balance: businesses.tokenBalance });
    if (!row) throw notFound("business");
    await tx.insert(tokenLedger).values({ id: newId("led"), businessId, kind, tokens, note: note ?? null });
    return { balanceTokens: Number(row.balance) };
  });
}

/** An automated reply the balance could not pay for (nothing was stored). */
export class InsufficientTokens extends Error {
  constructor() {
    super("The token balance does not cover this reply.");
  }
}

/**
 * Charges an automated reply: the ledger row and the conversation's count are written only when the
 * balance covers the charge; returns false (nothing charged) when it is short.
 *
 * `atCommit` (an automated reply in its turn's transaction): the balance is read, not locked, and must
 * cover these tokens and `chargedBefore` (what the same transaction charged already); the tokens leave
 * it when the transaction commits, by the deferred trigger `token_ledger_charge_at_commit`
 * (drizzle/0042), which fails the commit when a concurrent reply took them meanwhile. So the business's
 * row is locked only inside the commit, never across the transaction's last round trips, and a reply
 * still exists exactly when it was paid. Without it the balance goes down in this statement, under the
 * row's lock until the transaction ends (concurrent charges cannot overdraw either way).
 */
export async function chargeTokens(
  tx: Db,
  businessId: string,
  tokens: number,
  ref: { messageId?: string | null; conversationId?: string | null },
  opts: { atCommit?: boolean; chargedBefore?: number } = {},
): Promise<boolean> {
  const conversationId = ref.conversationId ?? null;
  const covered = opts.atCommit
    ? sql`select id from businesses where id = ${businessId} and token_balance >= ${tokens + (opts.chargedBefore ?? 0)}`
    : sql`update businesses set token_balance = token_balance - ${tokens}
        where id = ${businessId} and token_balance >= ${tokens}
        returning id`;
  const [row] = await queryRows<{ paid: number | string }>(
    tx,
    sql`with b as (
        ${covered}
      ), l as (
        insert into token_ledger (id, business_id, kind, tokens, message_id, conversation_id, charged_at_commit)
        select ${newId("led")}, b.id, 'usage', ${-tokens}, ${ref.messageId ?? null}, ${conversationId}, ${Boolean(opts.atCommit)} from b
      ), c as (
        update conversations set tokens_used = tokens_used + ${tokens}
        where id = ${conversationId} and exists (select 1 from b)
      )
      select count(*) as paid from b`,
  );
  return Number(row?.paid ?? 0) > 0;
}

/** The SQLSTATE of a commit whose reply's tokens a concurrent reply took first (drizzle/0042). */
export const CHARGE_AT_COMMIT_FAILED = "CVT01";

/** Whether `err` is a commit that failed because the balance no longer covered a reply charged at commit. */
export function chargeFailedAtCommit(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === CHARGE_AT_COMMIT_FAILED) return true;
  }
  return false;
}

export async function tokenBalance(db: Db, businessId: string): Promise<number> {
  const [row] = await db.select({ balance: businesses.tokenBalance }).from(businesses).where(eq(businesses.id, businessId));
  return Number(row?.balance ?? 0);
}
