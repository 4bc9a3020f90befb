// The server's heap policy (lib/server/boot.ts): V8's growing factor, from HEAP_GROWING_PERCENT. The flag
// is set at boot with node:v8's setFlagsFromString; a child process shows that V8 then keeps a heap that
// allocates briskly near its live size, where its own choice let it grow to several times that.
import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { heapGrowingPercent } from "../../lib/server/boot";

const saved = process.env.HEAP_GROWING_PERCENT;
afterEach(() => {
  if (saved === undefined) delete process.env.HEAP_GROWING_PERCENT;
  else process.env.HEAP_GROWING_PERCENT = saved;
});

describe("HEAP_GROWING_PERCENT", () => {
  it("defaults to 50 (unset or empty), takes a whole number of 0 or more, and falls back on anything else", () => {
    delete process.env.HEAP_GROWING_PERCENT;
    expect(heapGrowingPercent()).toBe(50);
    process.env.HEAP_GROWING_PERCENT = "0";
    expect(heapGrowingPercent()).toBe(0);
    process.env.HEAP_GROWING_PERCENT = "120";
    expect(heapGrowingPercent()).toBe(120);
    for (const bad of ["-5", "1.5", "lots", ""]) {
      process.env.HEAP_GROWING_PERCENT = bad;
      expect(heapGrowingPercent()).toBe(50);
    }
  });

  it("set at run time, keeps a briskly allocating heap far smaller than V8's own choice", () => {
    // About 60 MiB kept alive, and garbage made in a fixed number of rounds (the same work however busy
    // the machine is: about 2 s on an idle core).
    const program = (percent: number) => `
      if (${percent} > 0) require("node:v8").setFlagsFromString("--heap-growing-percent=${percent}");
      const live = []; for (let i = 0; i < 300000; i++) live.push({ a: "x" + i, b: [i, i + 1] });
      let keep = []; let most = 0;
      for (let round = 0; round < 100; round++) {
        for (let i = 0; i < 20000; i++) keep.push({ s: "y".repeat(50) + i, arr: new Array(10).fill(i) });
        if (keep.length > 200000) keep = keep.slice(100000);
        most = Math.max(most, process.memoryUsage().heapTotal);
      }
      console.log(Math.round(most / 1048576));`;
    const most = (percent: number) => Number(spawnSync(process.execPath, ["-e", program(percent)], { encoding: "utf8" }).stdout.trim());
    const own = most(0);
    expect(own).toBeGreaterThan(0);
    const capped = most(50);
    expect(capped).toBeGreaterThan(60);
    expect(capped).toBeLessThan(own * 0.7);
  }, 120_000);
});
