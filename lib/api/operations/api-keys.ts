import { z } from "zod";
import { createApiKey, listApiKeys, revokeApiKey } from "../../keys/api-keys";
import { audited } from "../audit";
import { defineOperation } from "../operation";
import { idParam, isoDate, returns } from "./common";

// The API keys page (internal, owners only): a key's secret is shown once, at creation.

export const apiKeysList = defineOperation({
  id: "internal-api-keys-list",
  method: "GET",
  path: "/internal/api-keys",
  internal: true,
  role: "owner",
  tag: "API keys",
  summary: "Every key of the business (hint, scopes, last used, expiry, revoked); never a secret",
  response: returns<{ data: Awaited<ReturnType<typeof listApiKeys>> }>(),
  handler: async (ctx) => ({ data: await listApiKeys(ctx.db, ctx.businessId) }),
});

export const apiKeysCreate = defineOperation({
  id: "internal-api-keys-create",
  method: "POST",
  path: "/internal/api-keys",
  internal: true,
  role: "owner",
  tag: "API keys",
  summary: "Create a key; the answer carries the secret, the only time it is shown",
  body: z.object({
    name: z.string().trim().min(1, "Give the key a name.").max(100),
    scopes: z.array(z.string()).min(1, "Pick at least one scope."),
    expiresAt: isoDate.nullable().optional(),
  }),
  response: returns<Awaited<ReturnType<typeof createApiKey>>>(),
  handler: async (ctx, { body }) =>
    audited(
      ctx,
      (tx) => createApiKey(tx, ctx.businessId, body),
      (k) => ({
        action: "api_key.created",
        target: { type: "api_key", id: k.id },
        details: { name: k.name, hint: k.hint, scopes: k.scopes, expiresAt: k.expiresAt },
      }),
    ),
});

export const apiKeysRevoke = defineOperation({
  id: "internal-api-keys-revoke",
  method: "DELETE",
  path: "/internal/api-keys/{keyId}",
  internal: true,
  role: "owner",
  tag: "API keys",
  summary: "Revoke a key: it stops working on its next request",
  params: idParam("keyId", "key_01JD7X4S9C8A3K2M5N6P7Q8R9T"),
  response: z.object({ id: z.string(), revoked: z.literal(true) }),
  handler: async (ctx, { params }) => {
    await audited(
      ctx,
      (tx) => revokeApiKey(tx, ctx.businessId, params.keyId),
      () => ({ action: "api_key.revoked", target: { type: "api_key", id: params.keyId } }),
    );
    return { id: params.keyId, revoked: true as const };
  },
});
