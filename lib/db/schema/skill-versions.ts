import { foreignKey, jsonb, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { businessId } from "./tenancy";
import { type StoredGraph, skills } from "./skills";

// Every saved version of a skill's graph, so sessions in flight finish on the version they started.
export const skillVersions = pgTable(
  "skill_versions",
  {
    businessId: businessId(),
    skillId: text("skill_id").notNull(),
    version: integer("version").notNull(),
    graph: jsonb("graph").$type<StoredGraph>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.skillId, t.version] }),
    foreignKey({ columns: [t.businessId, t.skillId], foreignColumns: [skills.businessId, skills.id] }).onDelete("cascade"),
  ],
);
