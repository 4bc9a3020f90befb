import { describe, expect, it } from "vitest";
import { analyse, checkFiles, findRegexes, readAllowList, slowInV8 } from "@/scripts/check-regex";

// Issue 34 item 1: npm run check:regex puts every regular expression in lib/ through recheck. These
// check the checker: it reads what lib/ writes, flags the campaign pattern of before, and passes the file
// that holds it now.

describe("npm run check:regex", () => {
  it("finds regex literals and RegExp() with constant patterns, and tells the ones it cannot fold", () => {
    const found = findRegexes(
      "lib/x.ts",
      [
        "const words = ['a', 'b'];",
        "const base = /x+y/i;",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a file under check
        "const w = `(${words.join('|')})`;",
        "export const one = /\\{\\{(\\w+)\\}\\}/g;",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a file under check
        "export const two = new RegExp(`^${w}\\\\s*$`, 'u');",
        "export const three = new RegExp(base.source, 'g');",
        "export const four = (p: string) => new RegExp(p);",
      ].join("\n"),
    );
    expect(found.map(({ source, flags }) => ({ source, flags }))).toEqual([
      { source: "x+y", flags: "i" },
      { source: "\\{\\{(\\w+)\\}\\}", flags: "g" },
      { source: "^(a|b)\\s*$", flags: "u" },
      { source: "x+y", flags: "g" },
      { source: null, flags: "" },
    ]);
  });

  it("flags the campaign variable pattern of before and passes the one of now", async () => {
    const before = await analyse("\\{\\{\\s*([^{}|]+?)\\s*(?:\\|([^{}]*))?\\}\\}", "g");
    expect(before.status).toBe("vulnerable");
    const now = await analyse("\\{\\{([^{}|]+)(?:\\|([^{}]*))?\\}\\}", "g");
    expect(now.status).toBe("safe");
    const { found, problems } = await checkFiles(["lib/campaigns/variables.ts"], readAllowList(), { cache: false });
    expect(found.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  }, 120_000);

  it("confirms a fuzzer's finding in V8 before failing on it: slow when it is, not when it is not", async () => {
    const pumps = (pump: string) => ({ pumps: [{ prefix: "", pump }], suffix: "\u0000" });
    expect(await slowInV8("(a|a)+$", "", pumps("a"))).toBe(true);
    expect(await slowInV8("(?<![.!])[.!]+$", "", pumps("."))).toBe(false);
  }, 30_000);
});
