import { z } from "zod";
import { listCatalogItems, upsertCatalogItems } from "@/lib/catalog/catalog";
import { catalogUpsertIn, collectionSchema } from "@/lib/catalog/catalog-schema";
import { withSession } from "@/lib/dashboard/handler";
import { pageQuery } from "@/lib/dashboard/schemas";

const params = z.object({ collection: collectionSchema });
const query = pageQuery.extend({ search: z.string().trim().max(200).optional() });

// GET /api/dashboard/catalog/{collection}/items - items, newest first, with a title/externalId search.
export const GET = withSession({ role: "owner", params, query }, async ({ db, businessId, params, query }) =>
  listCatalogItems(db, businessId, params.collection, query),
);

// POST /api/dashboard/catalog/{collection}/items - one upload batch (1..1,000 items, all or nothing), as the API does it.
export const POST = withSession({ role: "owner", params, body: catalogUpsertIn }, async ({ db, businessId, params, body }) =>
  upsertCatalogItems(db, businessId, params.collection, body.items),
);
