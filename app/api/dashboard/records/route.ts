import { withSession } from "@/lib/dashboard/handler";
import { recordCollections } from "@/lib/dashboard/records";

// GET /api/dashboard/records - the collections to show as tabs (orders, bookings, leads, then any other).
export const GET = withSession({ role: "agent" }, async ({ db, businessId }) => ({ collections: await recordCollections(db, businessId) }));
