import { z } from "zod";
import { conversationStatusSchema } from "../conversations/conversation-schema";
import { cursorParam, INSTANT_RANGE_MESSAGE, instantInRange, limitParam } from "../pagination";

// Request shapes of the internal dashboard endpoints that more than one route shares.

export const pageQuery = z.object({ limit: limitParam, cursor: cursorParam });

export const inboxQuery = pageQuery.extend({
  status: conversationStatusSchema.optional(),
  assignee: z.enum(["me", "unassigned", "all"]).default("all"),
  contactId: z.string().max(100).optional(),
});

export const conversationParams = z.object({ conversationId: z.string().min(1).max(100) });

export const conversationAction = z.enum(["handoff", "resume", "close", "assign"]);

export const isoDate = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), "Must be an ISO 8601 date or date-time.")
  .transform((s) => new Date(s))
  .refine(instantInRange, INSTANT_RANGE_MESSAGE);
