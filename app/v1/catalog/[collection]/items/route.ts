import { catalogList, catalogUpsert } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET, POST /v1/catalog/{collection}/items
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: catalogList, POST: catalogUpsert });
