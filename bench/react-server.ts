import { spawnSync } from "node:child_process";

/**
 * lib/ modules import "server-only", which resolves to an empty module only under the react-server
 * condition (`npm run api` and `npm run worker` pass it to tsx). `npm run bench` and
 * `npm run test:reliability` run plain `tsx`, so their entry points re-run themselves with it once.
 * Returns true when this process is the parent that should do nothing else.
 */
export function relaunchUnderReactServer(): boolean {
  if (process.env.CONVO_REACT_SERVER === "1") return false;
  const result = spawnSync(process.execPath, [...process.execArgv, "--conditions=react-server", ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, CONVO_REACT_SERVER: "1" },
  });
  process.exitCode = result.status ?? 1;
  return true;
}
