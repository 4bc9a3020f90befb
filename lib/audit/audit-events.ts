import "server-only";
import { eq, gte, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { auditEvents } from "../db/schema";
import { listPage, type Page } from "../pagination";
import type { AuditAction } from "./actions";
import type { AuditEventOut } from "./audit-schema";

export type AuditFilter = { action?: AuditAction; actorId?: string; since?: Date; until?: Date };

const view = (r: typeof auditEvents.$inferSelect): AuditEventOut => ({
  id: r.id,
  occurredAt: r.createdAt.toISOString(),
  actor: { type: r.actorType, id: r.actorId, label: r.actorLabel },
  ip: r.ip,
  action: r.action as AuditAction,
  target: r.targetType && r.targetId ? { type: r.targetType, id: r.targetId } : null,
  details: r.details,
});

/** The business's audit trail, newest first, keyset-paged; `since` inclusive, `until` exclusive. Read only: nothing here changes an entry. */
export function listAuditEvents(
  db: Db,
  businessId: string,
  q: AuditFilter & { limit: number; cursor?: string | null },
): Promise<Page<AuditEventOut>> {
  return listPage(
    db,
    auditEvents,
    {
      idPrefix: "aud_",
      page: q,
      where: [
        eq(auditEvents.businessId, businessId),
        q.action ? eq(auditEvents.action, q.action) : undefined,
        q.actorId ? eq(auditEvents.actorId, q.actorId) : undefined,
        q.since ? gte(auditEvents.createdAt, q.since) : undefined,
        q.until ? lt(auditEvents.createdAt, q.until) : undefined,
      ],
    },
    view,
  );
}
