// Postgres answers a broken unique constraint with SQLSTATE 23505. Where the code sits depends on the
// driver and on drizzle's wrapping: postgres-js puts `code` on the error, PGlite's arrives on
// `err.cause` (drizzle's DrizzleQueryError). Every caller asks this one function, which walks the chain.
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** SQLSTATE 23P01: an exclusion constraint refused the row (two appointments of one staff member overlapping). */
export function isExclusionViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23P01") return true;
  }
  return false;
}

/** SQLSTATE 23503: a foreign key refused the change (deleting a service that appointments name). */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23503") return true;
  }
  return false;
}
