import { mediaSecurityHeaders, securityHeaders } from "./lib/security-headers.mjs";

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
    // Libraries with large code or data, loaded once per process by Node and shared: bundled, each of
    // the server's bundles (instrumentation's, which runs the worker, and the routes') carried and
    // loaded its own copy (the tokenizer's ranks, first-name lists, date parsing), about a third of
    // the app's live heap after a busy minute (docs/performance.md, memory).
    "gpt-tokenizer",
    "@faker-js/faker",
    "chrono-node",
    "ical.js",
    "minisearch",
    "papaparse",
    "libphonenumber-js",
    "@orama/stemmers",
    "franc-min",
  ],
  poweredByHeader: false,
  // CSP with frame-ancestors 'none', nosniff and friends on every response (lib/security-headers.mjs).
  // Next fills a rule's header values from the path's parameters on every request it matches, and the
  // CSP's `data:` makes that a path-to-regexp compile (about 75 µs of a 1.6 ms API request): an API
  // request (Authorization header) to /v1 skips the rules, and its answer carries the same headers from
  // lib/api/respond.ts. Everything else (pages, the dashboard's own /v1 calls, /metrics, a dashboard
  // behind basic auth) gets them here. Stored files (/media/) get the sandbox policy instead, never the
  // site's: a file must not run script as our origin (lib/security-headers.mjs).
  async headers() {
    const headers = securityHeaders(process.env.NODE_ENV === "development");
    return [
      { source: "/:path((?!media(?:/|$)).*)", missing: [{ type: "header", key: "authorization" }], headers },
      { source: "/:path((?!v1(?:/|$)|media(?:/|$)).*)", has: [{ type: "header", key: "authorization" }], headers },
      { source: "/media/:path*", headers: mediaSecurityHeaders() },
    ];
  },
  // forbidden() in requireSession: owner-only pages answer agents with HTTP 403 and app/(dashboard)/forbidden.tsx.
  // Turbopack keeps a build cache in .next/cache (on by default since 16.4) that makes the next build
  // of the same tree about a third quicker; writing it costs about 15 s, wasted where the tree is
  // built once and thrown away (CI's fresh clone): NEXT_BUILD_CACHE=0 leaves it out (npm test under CI).
  experimental: { authInterrupts: true, turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_CACHE !== "0" },
  // A second build beside .next (the benchmark's), leaving .next and tsconfig.json to everyone else.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typescript: {
    tsconfigPath: process.env.NEXT_TSCONFIG_PATH || "tsconfig.json",
    // The benchmark's build skips the type check that npm test already runs.
    ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1",
  },
};
export default nextConfig;
