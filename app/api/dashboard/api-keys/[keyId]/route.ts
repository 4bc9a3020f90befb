import { z } from "zod";
import { withSession } from "@/lib/dashboard/handler";
import { revokeApiKey } from "@/lib/keys/api-keys";

const params = z.object({ keyId: z.string().min(1).max(100) });

// DELETE /api/dashboard/api-keys/{id} - revoke: the key stops working on its next request.
export const DELETE = withSession({ role: "owner", params }, async ({ db, businessId, params }) => {
  await revokeApiKey(db, businessId, params.keyId);
  return { id: params.keyId, revoked: true };
});
