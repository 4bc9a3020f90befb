import fs from "node:fs";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

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

// The files that take longest start first, so that the two threads end together instead of one
// running a long file alone at the end (a fresh clone has no timings of its own for vitest to sort by:
// it ran the unseen corpus, 100 s on Postgres, among the last files). Measured with
// `npx vitest run --reporter=json` on both databases (2026-11-30): the corpora, the paced campaign of
// 5,000, the admin CLI's and the drain's child processes, the status retries. A corpus a stage does not
// run (tests/conversations/corpus-stage.ts) ends at once.
const LONGEST_FIRST = [
  "tests/conversations/unseen.test.ts",
  "tests/conversations/conversations.test.ts",
  "tests/campaigns/pacing.test.ts",
  "tests/conversations/trades.test.ts",
  "tests/admin/backup.test.ts",
  "tests/observability/drain.test.ts",
  "tests/assistant/corpus-llm.test.ts",
  "tests/admin/admin-cli.test.ts",
  "tests/channels/outbound.test.ts",
];
class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.indexOf(path.relative(__dirname, f.moduleId));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

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
    sequence: { sequencer: LongestFirst },
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
