// Scopes of the specification plus those of the additions (API-DECISIONS.md).
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
  "analytics:read",
  "usage:read",
  "webhooks:read",
  "webhooks:write",
  "templates:read",
  "templates:write",
  "knowledge:read",
  "knowledge:write",
  "campaigns:read",
  "campaigns:write",
] as const;

export type Scope = (typeof scopes)[number];

export function isScope(value: string): value is Scope {
  return (scopes as readonly string[]).includes(value);
}
