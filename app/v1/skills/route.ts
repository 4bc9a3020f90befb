import { skillsList } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET /v1/skills
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: skillsList });
