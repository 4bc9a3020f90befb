import { assistantPatch } from "@/lib/assistants/assistant-schema";
import { getAssistant, updateAssistant } from "@/lib/assistants/assistants";
import { withSession } from "@/lib/dashboard/handler";
import { assistantParams as params } from "./params";

// GET /api/dashboard/assistants/{id}
export const GET = withSession({ role: "owner", params }, async ({ db, businessId, params }) => getAssistant(db, businessId, params.assistantId));

// PATCH /api/dashboard/assistants/{id} - name, language (auto or a BCP 47 code), instructions.
export const PATCH = withSession({ role: "owner", params, body: assistantPatch }, async ({ db, businessId, params, body }) =>
  updateAssistant(db, businessId, params.assistantId, body),
);
