import { messagesSend } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// POST /v1/messages
export const { GET, POST, PUT, PATCH, DELETE } = routes({ POST: messagesSend });
