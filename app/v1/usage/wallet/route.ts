import { usageWallet } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET /v1/usage/wallet
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: usageWallet });
