import type { assistants } from "../../db/schema";

// What a turn hands to the slow work done outside its transaction (an LLM call): enough to write the
// prompt, nothing that holds a lock.

export type SkillBrief = { id: string; name: string; description: string; keywords: string[] };

export type TurnBrief = {
  businessId: string;
  businessName: string;
  conversationId: string;
  messageId: string;
  text: string;
  timeZone: string;
  assistant: typeof assistants.$inferSelect;
  skills: SkillBrief[];
};
