import fs from "node:fs";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

// Files that need a process of their own: process.umask cannot be changed in a worker thread.
const OWN_PROCESS = ["tests/admin/socket.test.ts"];

// Most test files share their worker thread's modules (the threads pool with isolate: false): the
// app's module graph is imported once per worker instead of once per file, which was about 40 % of
// the suite's CPU (issue 33). Each file still gets a database of its own (tests/helpers/setup.ts). A
// file that replaces a module (`vi.mock`) or configures one at import (the log destination) needs
// fresh modules: those run in the forks pool, a process per file (vitest isolates per pool, not per
// project), found here by what they contain, so a new file that mocks is isolated without a list.
const FRESH_MODULES = ["tests/observability/logs.test.ts"];
function filesThatMock(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesThatMock(file));
    else if (entry.name.endsWith(".test.ts") && /\bvi\.(?:do)?[mM]ock\(/.test(fs.readFileSync(file, "utf8")))
      out.push(path.relative(__dirname, file));
  }
  return out;
}
const ISOLATED = [...new Set([...filesThatMock(path.join(__dirname, "tests")), ...FRESH_MODULES])].filter((f) => !OWN_PROCESS.includes(f));

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
    // Worker threads that keep their modules from file to file (above); the files that need fresh
    // modules, and the one that needs a process of its own, in child processes.
    pool: "threads",
    poolOptions: { threads: { maxThreads: 2, minThreads: 1, isolate: false }, forks: { maxForks: 2, minForks: 1, isolate: true } },
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: ["tests/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...OWN_PROCESS, ...ISOLATED],
        },
      },
      { extends: true, test: { name: "isolated", include: [...ISOLATED, ...OWN_PROCESS], pool: "forks" } },
    ],
  },
});
