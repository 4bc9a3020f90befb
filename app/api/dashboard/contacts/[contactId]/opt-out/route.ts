import { z } from "zod";
import { getOptOut, setOptOut } from "@/lib/campaigns/opt-out";
import { withSession } from "@/lib/dashboard/handler";

const params = z.object({ contactId: z.string().min(1).max(100) });

// GET /api/dashboard/contacts/{id}/opt-out - whether the contact opted out of campaigns, and how.
export const GET = withSession({ role: "agent", params }, async ({ db, businessId, params }) => getOptOut(db, businessId, params.contactId));

// PUT /api/dashboard/contacts/{id}/opt-out - staff change it (emits contact.updated when it changes).
export const PUT = withSession({ role: "agent", params, body: z.object({ optedOut: z.boolean() }) }, async ({ db, businessId, params, body }) => {
  await db.transaction((tx) => setOptOut(tx, businessId, params.contactId, body.optedOut, "staff"));
  return getOptOut(db, businessId, params.contactId);
});
