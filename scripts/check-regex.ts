// npm run check:regex: every regular expression in lib/ (where user text is parsed: variables,
// templates, dates, phones, the assistant's dialogue) goes through recheck, a ReDoS analyzer; a
// vulnerable one fails the run (issue 34: one campaign variable pattern held the server for minutes).
// Patterns are read with the TypeScript compiler: regex literals, and `new RegExp(...)` whose pattern
// folds to a constant (string literals, consts, templates, `+`, `.source`, `[...].join()`). A pattern
// that cannot be folded or analysed must be listed in scripts/check-regex-allow.json with why it is
// safe; an entry that no longer matches anything fails the run too, so the list stays true.
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { check, type Diagnostics } from "recheck";
import ts from "typescript";

export type FoundRegex = {
  file: string;
  line: number;
  /** The pattern's source, or null when it is not a constant. */
  source: string | null;
  flags: string;
  /** The expression as written (what an allow-list entry names for a pattern that is not constant). */
  text: string;
};

export type AllowEntry = { file: string; pattern?: string; expression?: string; reason: string };
export type Problem = { regex: FoundRegex; problem: string };

const root = path.resolve(__dirname, "..");
export const allowListPath = path.join(__dirname, "check-regex-allow.json");

/** Every `.ts` file under `dir`, relative to the repository, sorted. */
export function sourceFiles(dir = "lib"): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(path.join(root, d), { withFileTypes: true })) {
      const rel = path.posix.join(d, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(rel);
    }
  };
  walk(dir);
  return out.sort();
}

type Folded = string | string[] | RegExpValue | null;
type RegExpValue = { regex: true; source: string; flags: string };

/** What a constant expression evaluates to, inside its own file; null when it is not one. */
function folder(file: ts.SourceFile) {
  const consts = new Map<string, ts.Expression>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const list = node.parent;
      if (ts.isVariableDeclarationList(list) && list.flags & ts.NodeFlags.Const) consts.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);

  const fold = (node: ts.Expression, seen: Set<string> = new Set()): Folded => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isRegularExpressionLiteral(node)) return regexLiteral(node);
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return fold(node.expression, seen);
    if (ts.isIdentifier(node)) {
      const init = consts.get(node.text);
      if (!init || seen.has(node.text)) return null;
      return fold(init, new Set([...seen, node.text]));
    }
    if (ts.isTemplateExpression(node)) {
      let out = node.head.text;
      for (const span of node.templateSpans) {
        const v = fold(span.expression, seen);
        if (typeof v !== "string") return null;
        out += v + span.literal.text;
      }
      return out;
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const a = fold(node.left, seen);
      const b = fold(node.right, seen);
      return typeof a === "string" && typeof b === "string" ? a + b : null;
    }
    if (ts.isArrayLiteralExpression(node)) {
      const items = node.elements.map((e) => fold(e, seen));
      return items.every((i): i is string => typeof i === "string") ? items : null;
    }
    if (ts.isPropertyAccessExpression(node) && (node.name.text === "source" || node.name.text === "flags")) {
      const v = fold(node.expression, seen);
      return v && typeof v === "object" && !Array.isArray(v) ? v[node.name.text] : null;
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === "join") {
      const list = fold(node.expression.expression, seen);
      const sep = node.arguments.length ? fold(node.arguments[0], seen) : ",";
      return Array.isArray(list) && typeof sep === "string" ? list.join(sep) : null;
    }
    return null;
  };
  return fold;
}

function regexLiteral(node: ts.RegularExpressionLiteral): RegExpValue {
  const text = node.text;
  const end = text.lastIndexOf("/");
  return { regex: true, source: text.slice(1, end), flags: text.slice(end + 1) };
}

/** The regular expressions written in one file. */
export function findRegexes(fileName: string, text: string): FoundRegex[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const fold = folder(file);
  const out: FoundRegex[] = [];
  const at = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const { source, flags } = regexLiteral(node);
      out.push({ file: fileName, line: at(node), source, flags, text: node.text });
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === "RegExp") {
      const [patternArg, flagsArg] = node.arguments ?? [];
      if (patternArg) {
        const pattern = fold(patternArg);
        const flags = flagsArg ? fold(flagsArg) : pattern && typeof pattern === "object" && !Array.isArray(pattern) ? pattern.flags : "";
        const source =
          typeof pattern === "string" ? pattern : pattern && typeof pattern === "object" && !Array.isArray(pattern) ? pattern.source : null;
        // A literal passed to RegExp() is checked as the literal it is; only the constructed one is new.
        if (!ts.isRegularExpressionLiteral(patternArg) || flagsArg) {
          out.push({
            file: fileName,
            line: at(node),
            source: typeof flags === "string" ? source : null,
            flags: typeof flags === "string" ? flags : "",
            text: node.getText(file),
          });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** recheck's verdict (seeded; its fuzzing is bounded in time too, so a loaded machine may try fewer strings). */
export function analyse(source: string, flags: string): Promise<Diagnostics> {
  return check(source, flags, { randomSeed: 34, timeout: 30_000 });
}

const ATTACK_BYTES = 128 * 1024;
const ATTACK_MS = 2000;

/**
 * Whether V8 itself is slow on recheck's attack grown to 128 KiB (over 2 s, where a linear pattern
 * takes milliseconds and a quadratic one tens of seconds): run in a worker that is ended when late.
 * recheck's automaton proves what it reports; its fuzzer (patterns too large for the automaton, or
 * with lookbehind) counts steps of its own engine, and reports some patterns V8 runs in linear time.
 */
export function slowInV8(source: string, flags: string, attack: { pumps: { prefix: string; pump: string }[]; suffix: string }): Promise<boolean> {
  const per = attack.pumps.reduce((n, p) => n + p.pump.length, 0) || 1;
  const times = Math.max(1, Math.floor(ATTACK_BYTES / per));
  const input = attack.pumps.map((p) => p.prefix + p.pump.repeat(times)).join("") + attack.suffix;
  const code = `const { parentPort, workerData: w } = require("node:worker_threads");
    const re = new RegExp(w.source, w.flags.replace(/[gy]/g, ""));
    re.exec(w.input);
    parentPort.postMessage("done");`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { source, flags, input } });
    const late = setTimeout(() => {
      resolve(true);
      void worker.terminate();
    }, ATTACK_MS);
    worker.once("message", () => {
      clearTimeout(late);
      resolve(false);
      void worker.terminate();
    });
    worker.once("error", (err) => {
      clearTimeout(late);
      reject(err);
    });
  });
}

// Safe verdicts are kept in the repository, in scripts/check-regex-verdicts.json, keyed by the
// pattern's flags and source and by recheck's version: analysing every pattern takes one to two
// minutes on two cores, and most runs change none (issue 33). A new or changed pattern is a key the
// file lacks and is analysed; a run adds the safe ones it analysed and drops the keys no pattern has
// any more, so the file always lists the patterns of the tree, and a change to it shows in review
// beside the pattern's own. `CHECK_REGEX_CACHE=0` analyses every pattern again and rewrites nothing.
export const verdictsPath = path.join(__dirname, "check-regex-verdicts.json");
const cacheVersion = `recheck ${(JSON.parse(fs.readFileSync(require.resolve("recheck/package.json"), "utf8")) as { version: string }).version}`;

function readCache(): Set<string> {
  try {
    const cached = JSON.parse(fs.readFileSync(verdictsPath, "utf8")) as { version: string; safe: string[] };
    return new Set(cached.version === cacheVersion ? cached.safe : []);
  } catch {
    return new Set();
  }
}

/** Writes the verdicts of the patterns `current` holds; says whether the file changed. */
function writeCache(safe: Set<string>, current: Set<string>): boolean {
  const kept = [...safe].filter((k) => current.has(k)).sort();
  const text = `${JSON.stringify(
    {
      $comment:
        "Written by npm run check:regex (scripts/check-regex.ts): the patterns under lib/ recheck found safe, as flags/source. Commit it with the pattern that changed it.",
      version: cacheVersion,
      safe: kept,
    },
    null,
    2,
  )}\n`;
  const before = fs.existsSync(verdictsPath) ? fs.readFileSync(verdictsPath, "utf8") : "";
  if (before === text) return false;
  fs.writeFileSync(verdictsPath, text);
  return true;
}

/** An expression as written, its line breaks and indentation aside (so reformatting keeps an entry valid). */
const squeezed = (text: string) => text.replace(/\s+/g, " ");

const allowed = (entry: AllowEntry, r: FoundRegex) =>
  entry.file === r.file && (entry.pattern !== undefined ? entry.pattern === r.source : squeezed(entry.expression ?? "") === squeezed(r.text));

/** Every problem with the regexes of `files`: vulnerable, not analysable, or not constant, and not allowed. */
export async function checkFiles(
  files: string[],
  allowList: AllowEntry[],
  opts: { cache?: boolean; concurrency?: number } = {},
): Promise<{ found: FoundRegex[]; problems: Problem[]; undecided: Problem[]; unused: AllowEntry[]; analysed: number; rewritten: boolean }> {
  const found = files.flatMap((f) => findRegexes(f, fs.readFileSync(path.join(root, f), "utf8")));
  const used = new Set<AllowEntry>();
  const problems: Problem[] = [];
  const toAnalyse: FoundRegex[] = [];
  for (const regex of found) {
    const entry = allowList.find((e) => allowed(e, regex));
    if (entry) used.add(entry);
    else if (regex.source === null) {
      problems.push({ regex, problem: "the pattern is not a constant, so it cannot be analysed: make it one, or allow it with a reason" });
    } else toAnalyse.push(regex);
  }
  const keyOf = (r: FoundRegex) => `${r.flags}/${r.source}`;
  const safe = opts.cache ? readCache() : new Set<string>();
  const pending = [...new Set(toAnalyse.map(keyOf))].filter((k) => !safe.has(k));
  const verdicts = new Map<string, Diagnostics>();
  // A fuzzer's finding V8 runs fast on its attack counts as safe; undecided ones are told, not failed.
  const notConfirmed = new Set<string>();
  let next = 0;
  const lane = async () => {
    while (next < pending.length) {
      const key = pending[next++];
      const slash = key.indexOf("/");
      const [source, flags] = [key.slice(slash + 1), key.slice(0, slash)];
      const verdict = await analyse(source, flags);
      verdicts.set(key, verdict);
      if (verdict.status === "vulnerable" && verdict.complexity.isFuzz && !(await slowInV8(source, flags, verdict.attack))) notConfirmed.add(key);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 2 }, lane));
  const undecided: Problem[] = [];
  for (const regex of toAnalyse) {
    const verdict = verdicts.get(keyOf(regex));
    if (!verdict || verdict.status === "safe" || notConfirmed.has(keyOf(regex))) continue;
    if (verdict.status === "vulnerable") {
      const v8 = verdict.complexity.isFuzz ? `, and V8 took over ${ATTACK_MS} ms on it at ${ATTACK_BYTES / 1024} KiB` : "";
      problems.push({ regex, problem: `vulnerable (${verdict.complexity.summary}${v8}); attack ${verdict.attack.pattern.slice(0, 120)}` });
    } else {
      undecided.push({
        regex,
        problem: `recheck could not decide (${verdict.error.kind}${"message" in verdict.error ? `: ${verdict.error.message}` : ""})`,
      });
    }
  }
  let rewritten = false;
  if (opts.cache) {
    for (const [key, verdict] of verdicts) if (verdict.status === "safe" || notConfirmed.has(key)) safe.add(key);
    rewritten = writeCache(safe, new Set(toAnalyse.map(keyOf)));
  }
  const unused = allowList.filter((e) => !used.has(e) && files.includes(e.file));
  return { found, problems, undecided, unused, analysed: pending.length, rewritten };
}

export function readAllowList(): AllowEntry[] {
  const list = JSON.parse(fs.readFileSync(allowListPath, "utf8")) as { allow: AllowEntry[] };
  // (A "$comment" key beside "allow" says what the file is.)
  for (const e of list.allow) {
    if (!e.file || !e.reason || (e.pattern === undefined) === (e.expression === undefined)) {
      throw new Error(`${allowListPath}: every entry needs file, reason, and one of pattern or expression: ${JSON.stringify(e)}`);
    }
  }
  return list.allow;
}

async function main(): Promise<number> {
  const files = sourceFiles("lib");
  const concurrency = Number(process.env.CHECK_REGEX_CONCURRENCY ?? 2);
  const { found, problems, undecided, unused, analysed, rewritten } = await checkFiles(files, readAllowList(), {
    cache: process.env.CHECK_REGEX_CACHE !== "0",
    concurrency,
  });
  for (const p of problems) console.log(`${p.regex.file}:${p.regex.line}  ${p.regex.text.slice(0, 160)}\n    ${p.problem}`);
  for (const p of undecided) console.log(`${p.regex.file}:${p.regex.line}  (not failed) ${p.problem}`);
  for (const e of unused)
    console.log(`${path.relative(root, allowListPath)}: allowed ${e.file} ${e.pattern ?? e.expression} matches no regex any more: remove it`);
  const bad = problems.length + unused.length;
  console.log(
    `check:regex: ${found.length} regular expressions in ${files.length} files under lib/, ${analysed} analysed (the rest unchanged since ${path.relative(root, verdictsPath)}), ${bad ? `${bad} problem(s)` : "none vulnerable"}`,
  );
  if (rewritten) console.log(`check:regex: ${path.relative(root, verdictsPath)} now lists this tree's safe patterns: commit it`);
  return bad ? 1 : 0;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? err.stack : err);
      process.exit(1);
    },
  );
}
