import "server-only";
import { sql } from "drizzle-orm";
import { type DbHandle, dbHandle } from "./client";

const PROBE_TIMEOUT_MS = 3_000;

export type Health = { status: "ok" | "unavailable"; database: "ok" | "recovering" | "failed" | "unreachable" };

/**
 * Readiness: whether this process can serve requests now. The embedded database reports its own state
 * (it is "recovering" while it reopens after a WebAssembly trap, "failed" if it could not); then one
 * `select 1` must answer within three seconds, on either database.
 */
export async function checkHealth(handle: DbHandle = dbHandle()): Promise<Health> {
  const embedded = handle.embedded?.health();
  if (embedded && embedded.state !== "ok") return { status: "unavailable", database: embedded.state };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  const probe = handle.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  const answered = await Promise.race([probe, timeout]);
  clearTimeout(timer);
  if (answered) return { status: "ok", database: "ok" };
  const after = handle.embedded?.health();
  return { status: "unavailable", database: after && after.state !== "ok" ? after.state : "unreachable" };
}
