import { withSession } from "@/lib/dashboard/handler";
import { getWallet } from "@/lib/wallet/wallet";

// GET /api/dashboard/wallet - token balance and this period's use.
export const GET = withSession({ role: "owner" }, async ({ db, businessId }) => getWallet(db, businessId));
