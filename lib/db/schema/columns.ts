import { timestamp } from "drizzle-orm/pg-core";

// Shared column builders (the tenant column, businessId, is in tenancy.ts): millisecond UTC timestamps.
// Keyset indexes end in (created_at, id) ascending: Postgres scans them backwards for the lists'
// ORDER BY created_at DESC, id DESC. (drizzle's .desc() makes DESC NULLS LAST, which that ORDER BY,
// whose DESC means NULLS FIRST, cannot use: every page became a scan and a sort.)
export const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });
export const createdAt = () => ts("created_at").notNull().defaultNow();
export const updatedAt = () => ts("updated_at").notNull().defaultNow();
