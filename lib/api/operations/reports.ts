import { reportOut, reportQuery, teamReport } from "../../analytics/reports";
import { now } from "../../time/clock";
import { defineOperation } from "../operation";

export const reportsGet = defineOperation({
  id: "reports-get",
  method: "GET",
  path: "/reports",
  scope: "reports:read",
  tag: "Reports",
  summary: "The team report over a range of days",
  description:
    "First-response time, resolution time, handoffs, conversations the assistant handled alone and customer satisfaction, appointments by status with the no-show rate, per day (the business's time zone) or per agent, computed from the stored history for any range of up to 366 days. See docs/reports.md.",
  query: reportQuery,
  response: reportOut,
  errors: ["invalid_request"],
  handler: async (ctx, { query }) => teamReport(ctx.db, ctx.businessId, query, now()),
});
