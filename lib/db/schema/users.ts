import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { businessId, oneOf } from "./tenancy";

export const memberRoles = ["owner", "agent"] as const;

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    email: text("email").notNull(),
    name: text("name"),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: memberRoles }).notNull().default("owner"),
    // Part of every session cookie; sign-out, a password change, a role change and removal bump it, so
    // every cookie issued before stops working at once (lib/auth/session.ts).
    sessionVersion: integer("session_version").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // Unique within a business only: a sign-up or an invite then never reveals that an email has an
    // account in another business (sign-in tries each account of the email, lib/users/users.ts).
    uniqueIndex("users_business_email_uq").on(t.businessId, t.email),
    index("users_email_idx").on(t.email),
    index("users_business_idx").on(t.businessId, t.createdAt, t.id),
    check("users_role_check", oneOf(t.role, memberRoles)),
  ],
);
