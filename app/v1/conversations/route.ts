import { conversationsList } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET /v1/conversations
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: conversationsList });
