import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

// Files that need a process of their own: process.umask cannot be changed in a worker thread.
const OWN_PROCESS = ["tests/admin/socket.test.ts"];

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(__dirname),
      // Next enforces server-only at build time; in tests every module is server-side.
      "server-only": path.resolve(__dirname, "tests/helpers/server-only.ts"),
    },
  },
  test: {
    environment: "node",
    globalSetup: ["tests/helpers/global-setup.ts"],
    setupFiles: ["tests/helpers/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Worker threads, a fresh one per test file: the same isolation as a child process per file for a
    // third less CPU (measured on tests/api: 77 s against 122 s), as no Node process starts per file.
    pool: "threads",
    poolOptions: { threads: { maxThreads: 2, minThreads: 1 }, forks: { maxForks: 2, minForks: 1 } },
    projects: [
      { extends: true, test: { name: "threads", include: ["tests/**/*.test.ts"], exclude: [...configDefaults.exclude, ...OWN_PROCESS] } },
      { extends: true, test: { name: "process", include: OWN_PROCESS, pool: "forks" } },
    ],
  },
});
