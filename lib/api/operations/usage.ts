import { z } from "zod";
import { analyticsOut, analyticsSummary, windowSchema } from "../../analytics/analytics";
import { getWallet, walletOut } from "../../wallet/wallet";
import { defineOperation } from "../operation";

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

export const usageWallet = defineOperation({
  id: "usage-wallet",
  method: "GET",
  path: "/usage/wallet",
  scope: "usage:read",
  tag: "Usage",
  summary: "Token balance and this period's consumption",
  response: walletOut,
  handler: async (ctx) => getWallet(ctx.db, ctx.businessId),
});
