import { knowledgeIn } from "@/lib/assistants/assistant-schema";
import { createKnowledge, listKnowledge } from "@/lib/assistants/knowledge";
import { withSession } from "@/lib/dashboard/handler";
import { pageQuery } from "@/lib/dashboard/schemas";
import { assistantParams as params } from "../params";

// GET /api/dashboard/assistants/{id}/knowledge - knowledge items, newest first.
export const GET = withSession({ role: "owner", params, query: pageQuery }, async ({ db, businessId, params, query }) =>
  listKnowledge(db, businessId, params.assistantId, query),
);

// POST /api/dashboard/assistants/{id}/knowledge - add an item (title 1..200, content 1..20,000).
export const POST = withSession({ role: "owner", params, body: knowledgeIn }, async ({ db, businessId, params, body }) =>
  createKnowledge(db, businessId, params.assistantId, body),
);
