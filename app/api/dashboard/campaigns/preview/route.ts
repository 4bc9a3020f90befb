import { z } from "zod";
import { audienceIn, variableExpr } from "@/lib/campaigns/campaign-schema";
import { previewAudience } from "@/lib/campaigns/campaigns";
import { withSession } from "@/lib/dashboard/handler";

const body = z.object({
  audience: audienceIn,
  template: z
    .object({ name: z.string().min(1).max(512), language: z.string().min(2).max(20), variables: z.array(variableExpr).max(100).default([]) })
    .optional(),
});

// POST /api/dashboard/campaigns/preview - the audience's count (minus opted out) and the message for a few of it.
export const POST = withSession({ role: "owner", body }, async ({ db, businessId, body }) => previewAudience(db, businessId, body));
