// The split of a conversation corpus folder (issue 35, item 8; reused by issue 40's trades corpus):
// reads every case of <dir>/drafts/*.json, tuned.json and held-out/cases.json, validates each against
// the corpus's format (the error names the file, the id and the field), refuses duplicate ids, and puts
// each case in the held-out part or the tuned part by a seeded, stratified hash (case-schema.ts
// `heldOutIds`); writes both files sorted by id and removes the drafts it consumed. `check` writes
// nothing and fails when the two files do not follow the rule (drafts waiting to be split are noted).
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { formatJson, heldOutIds, parseCasesWith } from "./case-schema";

type Case = { id: string; pattern: number; lang: "en" | "pt" | "es" };
export type SplitOptions<T extends Case> = {
  /** The script's name in its messages. */
  name: string;
  dir: string;
  seed: string;
  schema: z.ZodType<T>;
  check: boolean;
};

export function splitCorpus<T extends Case>({ name, dir, seed, schema, check }: SplitOptions<T>): number {
  const tunedPath = path.join(dir, "tuned.json");
  const heldOutPath = path.join(dir, "held-out", "cases.json");
  const draftsDir = path.join(dir, "drafts");
  const rel = (p: string) => path.relative(path.resolve(__dirname, "../../.."), p);

  function read(file: string): { cases: T[]; problems: string[] } {
    if (!fs.existsSync(file)) return { cases: [], problems: [] };
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (err) {
      return { cases: [], problems: [`${rel(file)}: not valid JSON: ${(err as Error).message}`] };
    }
    return parseCasesWith(schema, rel(file), json);
  }

  const render = (cases: T[]) => `${formatJson([...cases].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))}\n`;

  const drafts = fs.existsSync(draftsDir)
    ? fs
        .readdirSync(draftsDir)
        .filter((f) => f.endsWith(".json"))
        .sort()
        .map((f) => path.join(draftsDir, f))
    : [];
  const sources = [tunedPath, heldOutPath, ...(check ? [] : drafts)];
  const problems: string[] = [];
  const all: T[] = [];
  const from = new Map<string, string>();
  const part = new Map<string, "tuned" | "held-out">();
  for (const file of sources) {
    const { cases, problems: p } = read(file);
    problems.push(...p);
    for (const c of cases) {
      const seen = from.get(c.id);
      if (seen) problems.push(`${rel(file)}: ${c.id}: duplicate id (also in ${seen})`);
      else {
        from.set(c.id, rel(file));
        all.push(c);
        if (file === tunedPath) part.set(c.id, "tuned");
        if (file === heldOutPath) part.set(c.id, "held-out");
      }
    }
  }
  if (problems.length) {
    console.error(`${name}: ${problems.length} problem(s), nothing written:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    return 1;
  }

  const held = heldOutIds(all, seed);
  const heldOut = all.filter((c) => held.has(c.id));
  const tuned = all.filter((c) => !held.has(c.id));
  // Growing a group can move a case across: say so, since a case that leaves the tuned part was seen.
  const moved = all.filter((c) => part.has(c.id) && part.get(c.id) !== (held.has(c.id) ? "held-out" : "tuned"));

  if (check) {
    const wrong: string[] = [];
    if (!fs.existsSync(tunedPath) || fs.readFileSync(tunedPath, "utf8") !== render(tuned)) wrong.push(`${rel(tunedPath)} does not follow the rule`);
    if (!fs.existsSync(heldOutPath) || fs.readFileSync(heldOutPath, "utf8") !== render(heldOut))
      wrong.push(`${rel(heldOutPath)} does not follow the rule`);
    for (const c of moved) wrong.push(`${c.id} belongs in the ${held.has(c.id) ? "held-out" : "tuned"} part`);
    if (wrong.length) {
      console.error(`${name} --check:\n${wrong.map((w) => `  ${w}`).join("\n")}`);
      return 1;
    }
    console.log(`${name} --check: ${tuned.length} tuned, ${heldOut.length} held out: both files follow the rule`);
    if (drafts.length) console.log(`  note: ${drafts.length} draft file(s) wait to be split: ${drafts.map(rel).join(", ")}`);
    return 0;
  }

  fs.mkdirSync(path.dirname(heldOutPath), { recursive: true });
  fs.writeFileSync(tunedPath, render(tuned));
  fs.writeFileSync(heldOutPath, render(heldOut));
  for (const file of drafts) fs.rmSync(file);
  console.log(`${name}: ${all.length} cases: ${tuned.length} tuned, ${heldOut.length} held out; ${drafts.length} draft file(s) consumed`);
  for (const c of moved) console.log(`  moved: ${c.id} -> ${held.has(c.id) ? "held-out" : "tuned"}`);
  return 0;
}
