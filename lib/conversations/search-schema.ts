import { z } from "zod";
import { conversationOut } from "./conversation-schema";

export const searchQueryParam = z
  .string()
  .trim()
  .max(200, "q must be at most 200 characters.")
  .optional()
  .describe(
    "Search: a contact's name (any part, accents ignored), phone digits (3 or more, any part) or words of the conversation's messages (each word a prefix, accents ignored, any language). Each result then carries `match`.",
  );

/** Why a conversation is in a search's results: its contact, and the latest message that matched (null when only the contact did). */
export const searchMatchOut = z.object({
  contact: z.object({ name: z.string().nullable(), phone: z.string().nullable(), username: z.string().nullable(), waUserId: z.string().nullable() }),
  message: z.object({ id: z.string(), text: z.string(), direction: z.enum(["inbound", "outbound"]), createdAt: z.string() }).nullable(),
});

export const conversationListItemOut = conversationOut.extend({ match: searchMatchOut.optional().describe("Present when `q` is given.") });
export type SearchMatch = z.infer<typeof searchMatchOut>;

export { searchWords } from "../shared/search-words";
