// Scopes of the specification plus those of the additions (docs/api-contract.md, "Authentication and scopes").
export const scopes = [
  "messages:read",
  "messages:write",
  "conversations:read",
  "conversations:write",
  "contacts:read",
  "contacts:write",
  "assistants:read",
  "skills:read",
  "skills:write",
  "catalog:read",
  "catalog:write",
  "records:read",
  "records:write",
  "analytics:read",
  "reports:read",
  "usage:read",
  "webhooks:read",
  "webhooks:write",
  "templates:read",
  "templates:write",
  "knowledge:read",
  "knowledge:write",
  "campaigns:read",
  "campaigns:write",
  "business:read",
  "business:write",
  "saved-replies:read",
  "saved-replies:write",
  "labels:read",
  "labels:write",
  "audit:read",
  "appointments:read",
  "appointments:write",
  "flows:read",
  "flows:write",
  "payments:read",
  "payments:write",
] as const;

/**
 * Scopes only a dashboard member's role gives, for internal operations (team management): never
 * grantable to an API key (isScope refuses them), and internal operations answer keys 404 anyway.
 */
export const memberScopes = ["team:write"] as const;

export type Scope = (typeof scopes)[number] | (typeof memberScopes)[number];

export function isScope(value: string): value is Scope {
  return (scopes as readonly string[]).includes(value);
}
