import { securityHeaders } from "./lib/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships a wasm build and the postgres/pg drivers use Node sockets: keep them out of the bundle.
  // pino and prom-client too: one instance per process, shared by instrumentation and the routes.
  serverExternalPackages: [
    "drizzle-orm",
    "@electric-sql/pglite",
    "postgres",
    "pg",
    "rate-limiter-flexible",
    "bcryptjs",
    "pino",
    "pino-pretty",
    "prom-client",
  ],
  poweredByHeader: false,
  // CSP with frame-ancestors 'none', nosniff and friends on every response (lib/security-headers.mjs).
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders(process.env.NODE_ENV === "development") }];
  },
  // forbidden() in requireSession: owner-only pages answer agents with HTTP 403 and app/(dashboard)/forbidden.tsx.
  experimental: { authInterrupts: true },
  // A second build beside .next (the benchmark's), leaving .next and tsconfig.json to everyone else.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typescript: {
    tsconfigPath: process.env.NEXT_TSCONFIG_PATH || "tsconfig.json",
    // The benchmark's build skips the type check that npm test already runs.
    ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1",
  },
};
export default nextConfig;
