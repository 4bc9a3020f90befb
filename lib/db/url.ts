/**
 * The postgres.js target of a DATABASE_URL, with libpq's `host` query parameter naming a Unix socket
 * directory understood (`postgres://user@localhost/db?host=/var/run/postgresql`): postgres.js would send
 * an unknown query parameter to the server as a setting. A Postgres on the same machine answers through
 * its socket without the loopback TCP stack, whose work every statement's write pays in the writer's
 * time (docs/performance.md).
 */
export function postgresTarget(databaseUrl: string): { url: string; path?: string } {
  const url = new URL(databaseUrl);
  const host = url.searchParams.get("host");
  if (!host?.startsWith("/")) return { url: databaseUrl };
  url.searchParams.delete("host");
  let dir = host;
  while (dir.length > 1 && dir.endsWith("/")) dir = dir.slice(0, -1);
  return { url: url.toString(), path: `${dir}/.s.PGSQL.${url.port || 5432}` };
}
