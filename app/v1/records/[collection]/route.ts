import { recordsList } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET /v1/records/{collection}
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: recordsList });
