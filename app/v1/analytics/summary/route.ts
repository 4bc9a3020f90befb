import { analyticsSummaryOp } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET /v1/analytics/summary
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: analyticsSummaryOp });
