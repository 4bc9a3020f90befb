import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { businessId } from "./tenancy";
import { assistants } from "./assistants";

/**
 * One language's version of a knowledge item. `origin` says who wrote it: the owner, or a model that
 * translated the item's own text (kept until the owner reviews it, `reviewed`); `source` fingerprints
 * the title and content it was made from, so a version older than the item's text shows as outdated.
 */
export type StoredKnowledgeTranslation = {
  title: string;
  content: string;
  origin: "owner" | "machine";
  reviewed: boolean;
  source: string;
  updatedAt: string;
};
export type StoredKnowledgeTranslations = Partial<Record<"en" | "pt" | "es", StoredKnowledgeTranslation>>;

export const knowledgeItems = pgTable(
  "knowledge_items",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    assistantId: text("assistant_id")
      .notNull()
      .references(() => assistants.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    // The language title and content are written in (en, pt, es); null: not said, read from the text.
    language: text("language"),
    translations: jsonb("translations").$type<StoredKnowledgeTranslations>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("knowledge_items_assistant_idx").on(t.businessId, t.assistantId, t.createdAt, t.id)],
);
