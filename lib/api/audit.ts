import "server-only";
import type { AuditAction } from "../audit/actions";
import { type AuditActor, recordAudit } from "../audit/record";
import { clientAddress } from "../auth/client-address";
import type { Db } from "../db/client";
import type { Caller } from "./caller";
import type { OperationContext } from "./operation";

/** The caller as the audit trail names it: a member by id and email, a key by id (its label is looked up). */
export function auditActor(caller: Caller): AuditActor {
  return caller.kind === "user" ? { type: "user", id: caller.userId, label: caller.email } : { type: "key", id: caller.keyId };
}

/** Business, actor and address of an operation's request, for recordAudit. */
export function auditOf(ctx: Pick<OperationContext, "businessId" | "caller" | "request">) {
  return { businessId: ctx.businessId, actor: auditActor(ctx.caller), ip: clientAddress(ctx.request.headers) };
}

type What = { action: AuditAction; target?: { type: string; id: string } | null; details?: Record<string, unknown> };

/**
 * Runs an operation's write and records it in the audit trail in one transaction: the entry exists
 * exactly when the change committed. `what` may return null when nothing changed (nothing recorded).
 */
export function audited<T>(ctx: OperationContext, work: (tx: Db) => Promise<T>, what: (result: T) => What | null): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const result = await work(tx);
    const entry = what(result);
    if (entry) await recordAudit(tx, { ...auditOf(ctx), ...entry });
    return result;
  });
}
