import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, text } from "drizzle-orm/pg-core";
import { businesses } from "./businesses";

// Every tenant row belongs to a business: deleting the business deletes all it owns (issue 17).
export const businessId = () =>
  text("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" });
/** The business_id primary key of a per-business settings row (one row per business). */
export const businessKey = () =>
  text("business_id")
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" });

/** A CHECK expression: `column` holds one of `values` (the code's own enum list, so both stay one). */
export const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", "))})`;
