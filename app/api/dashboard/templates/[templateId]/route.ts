import { z } from "zod";
import { withSession } from "@/lib/dashboard/handler";
import { notFound } from "@/lib/errors";
import { deleteTemplate } from "@/lib/templates/templates";

const params = z.object({ templateId: z.string().min(1).max(100) });

// DELETE /api/dashboard/templates/{id}
export const DELETE = withSession({ role: "owner", params }, async ({ db, businessId, params }) => {
  if (!(await deleteTemplate(db, businessId, params.templateId))) throw notFound("template");
  return { id: params.templateId, deleted: true };
});
