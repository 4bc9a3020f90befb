import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { businessId, createdAt, updatedAt } from "./columns";

export const templates = pgTable(
  "templates",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    name: text("name").notNull(),
    language: text("language").notNull(),
    category: text("category", { enum: ["utility", "marketing", "authentication"] }).notNull(),
    body: text("body").notNull(),
    status: text("status").notNull().default("approved"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("templates_name_language_uq").on(t.businessId, t.name, t.language),
    index("templates_business_created_idx").on(t.businessId, t.createdAt, t.id),
  ],
);
