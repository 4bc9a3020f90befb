import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { businessId } from "./tenancy";
import { assistants } from "./assistants";

export type StoredGraph = { nodes: unknown[]; edges: unknown[] };
/** A phrase a customer might write to mean this skill, in one language (the intent classifier learns from it). */
export type StoredSkillExample = { lang: "en" | "pt" | "es"; text: string };
/** The skill's name as customers read it in other languages ("Reservas de mesa"); `name` is the default. */
export type StoredSkillNames = Partial<Record<"en" | "pt" | "es", string>>;

// Skill ids are chosen by the client, unique per business: (businessId, id) is the key.
export const skills = pgTable(
  "skills",
  {
    businessId: businessId(),
    id: text("id").notNull(),
    assistantId: text("assistant_id")
      .notNull()
      .references(() => assistants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    names: jsonb("names").$type<StoredSkillNames>().notNull().default(sql`'{}'::jsonb`),
    enabled: boolean("enabled").notNull().default(true),
    graph: jsonb("graph").$type<StoredGraph>().notNull(),
    examples: jsonb("examples").$type<StoredSkillExample[]>().notNull().default(sql`'[]'::jsonb`),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index("skills_business_created_idx").on(t.businessId, t.createdAt, t.id)],
);
