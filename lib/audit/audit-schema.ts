import { z } from "zod";
import { actorTypes, auditActions } from "./actions";

// GET /v1/audit-events: one entry of the audit trail (docs/audit.md).
export const auditEventOut = z.object({
  id: z.string().meta({ example: "aud_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  occurredAt: z.string().describe("When it happened (ISO 8601, UTC)."),
  actor: z.object({
    type: z.enum(actorTypes).describe("`user` (a member in the dashboard), `key` (an API key) or `system` (an operator command)."),
    id: z.string().nullable().describe("The member's `usr_` or the key's `key_` id; null for `system`."),
    label: z.string().describe("The member's email, or the key's name and last four characters; never a secret."),
  }),
  ip: z.string().nullable().describe("The client address the request came from; null when unknown."),
  action: z.enum(auditActions),
  target: z
    .object({ type: z.string(), id: z.string() })
    .nullable()
    .describe("What the action was done to (`api_key`, `user`, `invite`, `webhook_endpoint`, `channel`, `business`, `contact`)."),
  details: z.record(z.string(), z.unknown()).describe("What changed (for settings, the fields given); never a secret or a message text."),
});
export type AuditEventOut = z.infer<typeof auditEventOut>;
