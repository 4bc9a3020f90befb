import { z } from "zod";
import { analyticsDaily, analyticsOut, analyticsSummary, windowSchema } from "../../analytics/analytics";
import { defineOperation } from "../operation";
import { returns } from "./common";

export const analyticsSummaryOp = defineOperation({
  id: "analytics-summary",
  method: "GET",
  path: "/analytics/summary",
  scope: "analytics:read",
  tag: "Analytics",
  summary: "Aggregate analytics over a window",
  query: z.object({ window: windowSchema.meta({ example: "30d" }) }),
  response: analyticsOut,
  handler: async (ctx, { query }) => analyticsSummary(ctx.db, ctx.businessId, query.window),
});

export const overviewAnalytics = defineOperation({
  id: "internal-analytics",
  method: "GET",
  path: "/internal/analytics",
  scope: "analytics:read",
  internal: true,
  role: "owner",
  tag: "Overview",
  summary: "The analytics summary and its per-day series for the overview chart",
  query: z.object({ window: windowSchema }),
  response: returns<{
    summary: Awaited<ReturnType<typeof analyticsSummary>>;
    daily: Awaited<ReturnType<typeof analyticsDaily>>;
  }>(),
  handler: async (ctx, { query }) => {
    const now = new Date();
    const [summary, daily] = await Promise.all([
      analyticsSummary(ctx.db, ctx.businessId, query.window, now),
      analyticsDaily(ctx.db, ctx.businessId, query.window, now),
    ]);
    return { summary, daily };
  },
});
