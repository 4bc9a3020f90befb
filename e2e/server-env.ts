// The e2e server's database settings, shared by playwright.config.ts (the server) and fixtures.ts (the
// admin CLI on the same database): on Postgres (E2E_DATABASE_URL) a deployment must be given its
// secrets, which the embedded database would have made in its DATA_DIR.
export function postgresServerEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    NEXTAUTH_SECRET: "e2e-nextauth-secret-e2e-nextauth-secret",
    ENCRYPTION_KEY: Buffer.alloc(32, 5).toString("base64"),
  };
}
