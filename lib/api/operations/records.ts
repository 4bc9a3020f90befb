import { z } from "zod";
import { collectionSchema } from "../../catalog/catalog-schema";
import { listRecords, recordOut } from "../../records/records";
import { INSTANT_RANGE_MESSAGE, instantInRange } from "../../pagination";
import { defineOperation } from "../operation";
import { pageOf, pageQuery } from "./common";

export const recordsList = defineOperation({
  id: "records-list",
  method: "GET",
  path: "/records/{collection}",
  scope: "records:read",
  tag: "Records",
  summary: "List records (orders, bookings, leads, ...) captured by the assistant",
  params: z.object({ collection: collectionSchema.meta({ example: "orders" }) }),
  query: pageQuery.extend({
    since: z.iso
      .datetime({ offset: true, error: "since must be an ISO 8601 date-time." })
      .refine((v) => instantInRange(new Date(v)), `since: ${INSTANT_RANGE_MESSAGE}`)
      .optional()
      .describe("Only records created after this time (exclusive)."),
  }),
  response: pageOf(recordOut),
  handler: async (ctx, { params, query }) =>
    listRecords(ctx.db, ctx.businessId, params.collection, { ...query, since: query.since ? new Date(query.since) : undefined }),
});
