import { skillsGet, skillsUpsert } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET, PUT /v1/skills/{skillId}
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: skillsGet, PUT: skillsUpsert });
