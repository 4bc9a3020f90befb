// Every action the audit trail records (docs/audit.md says when each is written and what `details` holds).
// Shared by the recorder, the GET /v1/audit-events filter and the dashboard's filter (a type import there).
export const auditActions = [
  "auth.signed_in",
  "auth.sign_in_failed",
  "account.password_changed",
  "api_key.created",
  "api_key.revoked",
  "member.invited",
  "member.invite_revoked",
  "member.added",
  "member.removed",
  "member.role_changed",
  "channel.connected",
  "channel.disconnected",
  "webhook_endpoint.created",
  "webhook_endpoint.updated",
  "webhook_endpoint.deleted",
  "webhook_endpoint.secret_rotated",
  "settings.business_hours_changed",
  "settings.business_facts_changed",
  "settings.business_languages_changed",
  "settings.inbox_changed",
  "settings.campaigns_changed",
  "settings.orders_changed",
  "settings.payments_changed",
  "settings.privacy_changed",
  "settings.storage_quota_changed",
  "settings.whatsapp_rates_changed",
  "contact.exported",
  "contact.erased",
  "contact.opted_out_by_channel",
] as const;

export type AuditAction = (typeof auditActions)[number];
export const actorTypes = ["user", "key", "system"] as const;
