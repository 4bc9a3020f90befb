import { z } from "zod";
import { analyticsDaily, analyticsSummary, windowSchema } from "@/lib/analytics/analytics";
import { withSession } from "@/lib/dashboard/handler";

// GET /api/dashboard/analytics?window=7d - the summary and its per-day series for the overview chart.
export const GET = withSession({ role: "owner", query: z.object({ window: windowSchema }) }, async ({ db, businessId, query }) => {
  const now = new Date();
  const [summary, daily] = await Promise.all([
    analyticsSummary(db, businessId, query.window, now),
    analyticsDaily(db, businessId, query.window, now),
  ]);
  return { summary, daily };
});
