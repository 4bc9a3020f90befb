import { z } from "zod";
import { catalogUsage, catalogUsageOut } from "../../businesses/catalog-usage";
import {
  checkCatalogUpsertBody,
  deleteCatalogItem,
  deleteCatalogItems,
  deleteCollection,
  getCatalogItem,
  listCatalogItems,
  listCollections,
  updateCatalogItem,
  upsertCatalogItems,
} from "../../catalog/catalog";
import { catalogBulkDeleteIn, catalogItemOut, catalogItemPatch, catalogUpsertIn, collectionSchema } from "../../shared/catalog-schema";
import { defineOperation } from "../operation";
import { pageOf, pageQuery, returns } from "./common";

const collectionParam = z.object({ collection: collectionSchema.meta({ example: "menu" }) });
const itemParams = collectionParam.extend({ itemId: z.string().min(1).max(100).meta({ example: "cat_01JD7X4S9C8A3K2M5N6P7Q8R9T" }) });

export const catalogUpsert = defineOperation({
  id: "catalog-upsert",
  method: "POST",
  path: "/catalog/{collection}/items",
  scope: "catalog:write",
  tag: "Catalog",
  summary: "Bulk create or update up to 1,000 catalog items (all or nothing)",
  description:
    "A refused batch answers 400 with one detail per problem, each naming the row (items[n-1] is row n), the field and the value in plain words, e.g. `row 14, price: 'twelve' is not a number`.",
  params: collectionParam,
  body: catalogUpsertIn,
  precheck: checkCatalogUpsertBody,
  response: z.object({ upserted: z.number().int(), collection: z.string() }),
  handler: async (ctx, { params, body }) => upsertCatalogItems(ctx.db, ctx.businessId, params.collection, body.items),
});

export const catalogList = defineOperation({
  id: "catalog-list",
  method: "GET",
  path: "/catalog/{collection}/items",
  scope: "catalog:read",
  tag: "Catalog",
  summary: "List a collection's items",
  params: collectionParam,
  query: pageQuery.extend({
    search: z.string().trim().min(1).max(200).optional().describe("Substring of the title, description or externalId (SKU), any case."),
    inStock: z
      .enum(["true", "false"], { error: "inStock must be true or false." })
      .transform((v) => v === "true")
      .optional()
      .describe("Only items in stock (true) or out of stock (false)."),
  }),
  response: pageOf(catalogItemOut),
  handler: async (ctx, { params, query }) => listCatalogItems(ctx.db, ctx.businessId, params.collection, query),
});

export const catalogGet = defineOperation({
  id: "catalog-get",
  method: "GET",
  path: "/catalog/{collection}/items/{itemId}",
  scope: "catalog:read",
  tag: "Catalog",
  summary: "Read one catalog item",
  params: itemParams,
  response: catalogItemOut,
  handler: async (ctx, { params }) => getCatalogItem(ctx.db, ctx.businessId, params.collection, params.itemId),
});

export const catalogUpdate = defineOperation({
  id: "catalog-update",
  method: "PATCH",
  path: "/catalog/{collection}/items/{itemId}",
  scope: "catalog:write",
  tag: "Catalog",
  summary: "Change one catalog item (only the fields given; null clears price, description, imageUrl or metadata)",
  params: itemParams,
  body: catalogItemPatch,
  response: catalogItemOut,
  errors: ["conflict"],
  handler: async (ctx, { params, body }) => updateCatalogItem(ctx.db, ctx.businessId, params.collection, params.itemId, body),
});

export const catalogDelete = defineOperation({
  id: "catalog-delete",
  method: "DELETE",
  path: "/catalog/{collection}/items/{itemId}",
  scope: "catalog:write",
  tag: "Catalog",
  summary: "Delete one catalog item",
  params: itemParams,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  handler: async (ctx, { params }) => deleteCatalogItem(ctx.db, ctx.businessId, params.collection, params.itemId),
});

export const catalogBulkDelete = defineOperation({
  id: "catalog-bulk-delete",
  method: "POST",
  path: "/catalog/{collection}/items/delete",
  scope: "catalog:write",
  tag: "Catalog",
  summary: "Delete up to 1,000 items of a collection by id",
  description: "Ids that are not in the collection are skipped; `deleted` counts the items removed.",
  params: collectionParam,
  body: catalogBulkDeleteIn,
  response: z.object({ deleted: z.number().int() }),
  handler: async (ctx, { params, body }) => deleteCatalogItems(ctx.db, ctx.businessId, params.collection, body.ids),
});

export const catalogDeleteCollection = defineOperation({
  id: "catalog-delete-collection",
  method: "DELETE",
  path: "/catalog/{collection}",
  scope: "catalog:write",
  tag: "Catalog",
  summary: "Delete a whole collection (every item); `confirm` must repeat the collection's name",
  params: collectionParam,
  query: z.object({ confirm: z.string().max(64).optional().describe("The collection's name again, as a confirmation.") }),
  response: z.object({ collection: z.string(), deleted: z.number().int() }),
  handler: async (ctx, { params, query }) => deleteCollection(ctx.db, ctx.businessId, params.collection, query.confirm ?? ""),
});

export const catalogCollections = defineOperation({
  id: "internal-catalog-collections",
  method: "GET",
  path: "/internal/catalog",
  scope: "catalog:read",
  internal: true,
  role: "owner",
  tag: "Catalog",
  summary: "The business's catalog collections with their item counts",
  response: returns<{ data: Awaited<ReturnType<typeof listCollections>> }>(),
  handler: async (ctx) => ({ data: await listCollections(ctx.db, ctx.businessId) }),
});

export const catalogUsageGet = defineOperation({
  id: "catalog-usage",
  method: "GET",
  path: "/internal/catalog-usage",
  scope: "catalog:read",
  internal: true,
  tag: "Dashboard",
  summary: "The catalog's collections with item counts, the skills' catalog nodes that search them, and which are empty",
  response: catalogUsageOut,
  handler: async (ctx) => catalogUsage(ctx.db, ctx.businessId),
});
