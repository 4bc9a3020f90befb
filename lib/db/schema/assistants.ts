import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { businessId } from "./tenancy";

export const assistants = pgTable(
  "assistants",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    name: text("name").notNull(),
    language: text("language").notNull().default("auto"),
    instructions: text("instructions").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("assistants_business_idx").on(t.businessId, t.createdAt, t.id)],
);
