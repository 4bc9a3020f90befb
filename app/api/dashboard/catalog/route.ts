import { listCollections } from "@/lib/catalog/catalog";
import { withSession } from "@/lib/dashboard/handler";

// GET /api/dashboard/catalog - the business's catalog collections with their item counts.
export const GET = withSession({ role: "owner" }, async ({ db, businessId }) => ({ data: await listCollections(db, businessId) }));
