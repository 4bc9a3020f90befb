import { messagesList } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET /v1/conversations/{conversationId}/messages
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: messagesList });
