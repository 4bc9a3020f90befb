import { withSession } from "@/lib/dashboard/handler";
import { templateIn } from "@/lib/templates/template-schema";
import { upsertTemplate } from "@/lib/templates/templates";

const params = templateIn.pick({ name: true, language: true });
const body = templateIn.pick({ category: true, body: true });

// PUT /api/dashboard/templates/by-name/{name}/{language} - create or replace the template with this name and
// language (templates are keyed on both, as POST /v1/templates upserts them); approved at once.
export const PUT = withSession({ role: "owner", params, body }, async ({ db, businessId, params, body }) =>
  upsertTemplate(db, businessId, { ...params, ...body }),
);
