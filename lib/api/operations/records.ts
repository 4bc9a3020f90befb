import { z } from "zod";
import { collectionSchema } from "../../shared/catalog-schema";
import { recordCollections } from "../../dashboard/records";
import { languages } from "../../language";
import { recordLayout } from "../../records/layout";
import { getOrderSettings, notificationOut, orderSettingsIn, orderSettingsOut, updateOrderSettings } from "../../records/order-ready";
import { listRecords, recordOut } from "../../records/records";
import { setRecordStatus } from "../../records/set-status";
import { INSTANT_RANGE_MESSAGE, instantInRange } from "../../pagination";
import { audited } from "../audit";
import { defineOperation } from "../operation";
import { isoDate, pageOf, pageQuery, returns } from "./common";

const collectionParam = z.object({ collection: collectionSchema.meta({ example: "orders" }) });

export const recordsList = defineOperation({
  id: "records-list",
  method: "GET",
  path: "/records/{collection}",
  scope: "records:read",
  tag: "Records",
  summary: "List records (orders, bookings, leads, ...) captured by the assistant",
  params: collectionParam,
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

export const recordsUpdate = defineOperation({
  id: "records-update",
  method: "PATCH",
  path: "/records/{collection}/{recordId}",
  scope: "records:write",
  tag: "Records",
  summary: "Change a record's status (fires record.updated); an order that becomes ready messages the customer",
  description:
    "Statuses and the moves allowed: bookings confirmed -> seated, no_show, cancelled (and back to confirmed); orders new -> preparing -> ready -> delivered (a step may be skipped; cancelled until delivered; delivered and cancelled are final); leads new, contacted, won, lost (any move); other collections confirmed <-> cancelled. An unknown status or a move not allowed is a 400 that changes nothing; the current status again changes nothing and fires no event. An order that becomes `ready` messages the customer: the order settings' text inside the 24-hour window, else their approved template; `notification` tells whether it was sent and, if not, why (the status change stands either way). That message goes out with `source: \"api\"` whoever made the change (a key or a signed-in member): it is the business's system speaking, so it never counts as a person's reply and leaves the assistant answering the conversation.",
  params: collectionParam.extend({ recordId: z.string().min(1).max(100).meta({ example: "rec_01JD7X4S9C8A3K2M5N6P7Q8R9T" }) }),
  body: z.strictObject({ status: z.string().min(1).max(40).meta({ example: "ready" }) }),
  response: recordOut.extend({ notification: notificationOut }),
  handler: async (ctx, { params, body }) => setRecordStatus(ctx.db, ctx.businessId, params.collection, params.recordId, body.status),
});

export const orderSettingsGet = defineOperation({
  id: "order-settings-get",
  method: "GET",
  path: "/internal/orders/settings",
  internal: true,
  // Owners only, like the catalog the orders come from.
  scope: "catalog:write",
  tag: "Records",
  summary: "The order settings: the message an order-ready customer gets, inside and outside the 24-hour window",
  response: orderSettingsOut,
  handler: async (ctx) => getOrderSettings(ctx.db, ctx.businessId),
});

export const orderSettingsUpdate = defineOperation({
  id: "order-settings-update",
  method: "PUT",
  path: "/internal/orders/settings",
  internal: true,
  scope: "catalog:write",
  tag: "Records",
  summary: "Change the order settings (a template must be approved and use at most {{1}} and {{2}})",
  body: orderSettingsIn,
  response: orderSettingsOut,
  handler: async (ctx, { body }) =>
    audited(
      ctx,
      (tx) => updateOrderSettings(tx, ctx.businessId, body),
      () => ({ action: "settings.orders_changed", target: { type: "business", id: ctx.businessId }, details: { ...body } }),
    ),
});

export const recordsLayout = defineOperation({
  id: "records-layout",
  method: "GET",
  path: "/internal/records/{collection}/layout",
  internal: true,
  scope: "records:read",
  tag: "Records",
  summary:
    "How the dashboard shows a collection: field labels from the skills, the business's time zone, the statuses, which fields are money and how the business writes it",
  params: collectionParam,
  response: z.object({
    collection: z.string(),
    timeZone: z.string(),
    labels: z.record(z.string(), z.string()),
    statuses: z.array(z.string()),
    moneyFields: z.array(z.string()),
    money: z.object({ currency: z.string().nullable(), language: z.enum(languages) }),
  }),
  handler: async (ctx, { params }) => recordLayout(ctx.db, ctx.businessId, params.collection),
});

export const recordCollectionsList = defineOperation({
  id: "internal-records-collections",
  method: "GET",
  path: "/internal/records",
  scope: "records:read",
  internal: true,
  tag: "Records",
  summary: "The collections to show as tabs (orders, bookings, leads, then any other)",
  response: z.object({ collections: z.array(z.string()) }),
  handler: async (ctx) => ({ collections: await recordCollections(ctx.db, ctx.businessId) }),
});

export const recordsBrowse = defineOperation({
  id: "internal-records-list",
  method: "GET",
  path: "/internal/records/{collection}",
  scope: "records:read",
  internal: true,
  tag: "Records",
  summary: "Records of one collection, newest first, by date range (`from` inclusive) and conversation",
  params: z.object({ collection: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "Unknown collection name.") }),
  query: pageQuery.extend({ from: isoDate.optional(), to: isoDate.optional(), conversationId: z.string().max(100).optional() }),
  response: returns<Awaited<ReturnType<typeof listRecords>>>(),
  handler: async (ctx, { params, query }) =>
    listRecords(ctx.db, ctx.businessId, params.collection, {
      limit: query.limit,
      cursor: query.cursor,
      // `from` is inclusive for people: the lib's `since` is exclusive, so step back one millisecond.
      since: query.from ? new Date(query.from.getTime() - 1) : undefined,
      until: query.to,
      conversationId: query.conversationId,
    }),
});
