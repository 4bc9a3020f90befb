import { z } from "zod";
import { assertCatalogBatchSize, listCatalogItems, upsertCatalogItems } from "../../catalog/catalog";
import { catalogItemOut, catalogUpsertIn, collectionSchema } from "../../catalog/catalog-schema";
import { defineOperation } from "../operation";
import { pageOf, pageQuery } from "./common";

const collectionParam = z.object({ collection: collectionSchema.meta({ example: "menu" }) });

export const catalogUpsert = defineOperation({
  id: "catalog-upsert",
  method: "POST",
  path: "/catalog/{collection}/items",
  scope: "catalog:write",
  tag: "Catalog",
  summary: "Bulk create or update up to 1,000 catalog items (all or nothing)",
  params: collectionParam,
  body: catalogUpsertIn,
  precheck: assertCatalogBatchSize,
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
  query: pageQuery.extend({ search: z.string().min(1).max(200).optional().describe("Substring of title or externalId.") }),
  response: pageOf(catalogItemOut),
  handler: async (ctx, { params, query }) => listCatalogItems(ctx.db, ctx.businessId, params.collection, query),
});
