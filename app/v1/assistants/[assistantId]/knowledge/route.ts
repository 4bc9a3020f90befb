import { knowledgeCreate, knowledgeList } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET, POST /v1/assistants/{assistantId}/knowledge
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: knowledgeList, POST: knowledgeCreate });
