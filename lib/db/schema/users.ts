import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { businessId, createdAt } from "./columns";

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    email: text("email").notNull(),
    name: text("name"),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["owner", "agent"] })
      .notNull()
      .default("owner"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email), index("users_business_idx").on(t.businessId, t.createdAt, t.id)],
);
