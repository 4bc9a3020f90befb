import { templatesList, templatesUpsert } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET, POST /v1/templates
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: templatesList, POST: templatesUpsert });
