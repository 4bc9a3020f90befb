import { z } from "zod";
import { withSession } from "@/lib/dashboard/handler";
import { isoDate } from "@/lib/dashboard/schemas";
import { createApiKey, listApiKeys } from "@/lib/keys/api-keys";

const create = z.object({
  name: z.string().trim().min(1, "Give the key a name.").max(100),
  scopes: z.array(z.string()).min(1, "Pick at least one scope."),
  expiresAt: isoDate.nullable().optional(),
});

// GET /api/dashboard/api-keys - every key of the business (hint, scopes, last used, expiry, revoked); never a secret.
export const GET = withSession({ role: "owner" }, async ({ db, businessId }) => ({ data: await listApiKeys(db, businessId) }));

// POST /api/dashboard/api-keys - create a key; the answer carries the secret, the only time it is shown.
export const POST = withSession({ role: "owner", body: create }, async ({ db, businessId, body }) => createApiKey(db, businessId, body));
