import { conversationsResume } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// POST /v1/conversations/{conversationId}/resume
export const { GET, POST, PUT, PATCH, DELETE } = routes({ POST: conversationsResume });
