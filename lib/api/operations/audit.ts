import { z } from "zod";
import { auditActions } from "../../audit/actions";
import { listAuditEvents } from "../../audit/audit-events";
import { auditEventOut } from "../../audit/audit-schema";
import { defineOperation } from "../operation";
import { isoDate, pageOf, pageQuery } from "./common";

// GET /v1/audit-events - the audit trail. Read only: no operation changes or deletes an entry, and the
// database refuses it anyway (docs/audit.md).
export const auditEventsList = defineOperation({
  id: "audit-events-list",
  method: "GET",
  path: "/audit-events",
  scope: "audit:read",
  role: "owner",
  tag: "Audit",
  summary: "Page through the audit trail, newest first",
  description:
    "Security-relevant actions (sign-ins, keys, team, channel, webhook endpoints, settings, contact exports and erasures) with who did them, when and from which address. Filters: `action`, `actorId`, `since` (inclusive) and `until` (exclusive). Entries cannot be changed or deleted through any interface.",
  query: pageQuery.extend({
    action: z.enum(auditActions).optional(),
    actorId: z.string().min(1).max(100).optional().describe("A member's `usr_` or a key's `key_` id."),
    since: isoDate.optional().describe("Entries at or after this instant."),
    until: isoDate.optional().describe("Entries before this instant."),
  }),
  response: pageOf(auditEventOut),
  handler: async (ctx, { query }) => listAuditEvents(ctx.db, ctx.businessId, query),
});
