import { conversationsHandoff } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// POST /v1/conversations/{conversationId}/handoff
export const { GET, POST, PUT, PATCH, DELETE } = routes({ POST: conversationsHandoff });
