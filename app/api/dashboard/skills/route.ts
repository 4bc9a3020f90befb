import { withSession } from "@/lib/dashboard/handler";
import { pageQuery } from "@/lib/dashboard/schemas";
import { listSkills } from "@/lib/skills/skills";

// GET /api/dashboard/skills - the business's skills (no graphs).
export const GET = withSession({ role: "owner", query: pageQuery }, async ({ db, businessId, query }) => listSkills(db, businessId, query));
