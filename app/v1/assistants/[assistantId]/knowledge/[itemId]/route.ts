import { knowledgeDelete, knowledgeUpdate } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// PATCH, DELETE /v1/assistants/{assistantId}/knowledge/{itemId}
export const { GET, POST, PUT, PATCH, DELETE } = routes({ PATCH: knowledgeUpdate, DELETE: knowledgeDelete });
