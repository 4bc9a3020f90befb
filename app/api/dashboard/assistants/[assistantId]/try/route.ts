import { z } from "zod";
import { answerFromKnowledge } from "@/lib/assistant/retrieval";
import { getAssistant } from "@/lib/assistants/assistants";
import { withSession } from "@/lib/dashboard/handler";
import { assistantParams as params } from "../params";

const body = z.object({ question: z.string().trim().min(1, "Type a question.").max(1000) });

// POST /api/dashboard/assistants/{id}/try - which knowledge item would answer this question (or none).
export const POST = withSession({ role: "owner", params, body }, async ({ db, businessId, params, body }) => {
  await getAssistant(db, businessId, params.assistantId);
  return { question: body.question, answer: await answerFromKnowledge(db, businessId, params.assistantId, body.question) };
});
