import { z } from "zod";

export const assistantParams = z.object({ assistantId: z.string().min(1).max(100) });
export const knowledgeParams = assistantParams.extend({ itemId: z.string().min(1).max(100) });
