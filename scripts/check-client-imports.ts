// npm run check:client-imports: what runs in the browser is visible in its path. Every file marked
// "use client" in app/ and components/, and everything it reaches through imports, is bundled for the
// browser; from lib/ it may reach only lib/shared/ (code that holds no secret, touches no database and
// reads no server-only environment). Each file is compiled as the bundler compiles it (TypeScript's
// transpileModule), so `import type` and imports used only as types, which never reach the browser,
// are not followed. A lib/ file outside lib/shared/ in that graph fails the run, with the chain of
// imports that brought it in. lib/shared/ files are followed the same way even before a client file
// imports them.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(__dirname, "..");
const extensions = [".ts", ".tsx", ".js", ".mjs", ".jsx"];

/** Every source file under `dir` (relative to the repository), sorted. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!fs.existsSync(path.join(root, d))) return;
    for (const entry of fs.readdirSync(path.join(root, d), { withFileTypes: true })) {
      const rel = path.posix.join(d, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.(tsx?|jsx?|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(rel);
    }
  };
  walk(dir);
  return out.sort();
}

/** The directive prologue holds "use client" (comments and other directives may come first). */
export function isClientFile(text: string): boolean {
  const file = ts.createSourceFile("x.tsx", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  for (const statement of file.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) return false;
    if (statement.expression.text === "use client") return true;
  }
  return false;
}

/** The modules a file loads at run time: what is left of its imports once types are compiled away. */
export function runtimeImports(file: string, text: string): string[] {
  const js = ts.transpileModule(text, {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, isolatedModules: true },
  }).outputText;
  return ts.preProcessFile(js, true, true).importedFiles.map((f) => f.fileName);
}

/** A specifier as a repository file (relative path), or null for a package or a non-source file. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  const candidates = [base, ...extensions.map((e) => base + e), ...extensions.map((e) => `${base}/index${e}`)];
  for (const c of candidates) {
    const full = path.join(root, c);
    if (fs.existsSync(full) && fs.statSync(full).isFile() && extensions.includes(path.extname(c))) return path.posix.normalize(c);
  }
  return null;
}

export const allowed = (file: string) => !file.startsWith("lib/") || file.startsWith("lib/shared/");

export type Reached = { file: string; chain: string[] };

/** Every repository file the client files reach, each with one chain of imports from a client file. */
export function clientGraph(entries: string[]): Reached[] {
  const seen = new Map<string, string[]>();
  const queue = entries.map((file) => ({ file, chain: [file] }));
  while (queue.length) {
    const { file, chain } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.set(file, chain);
    const text = fs.readFileSync(path.join(root, file), "utf8");
    for (const specifier of runtimeImports(file, text)) {
      const target = resolve(file, specifier);
      if (target && !seen.has(target)) queue.push({ file: target, chain: [...chain, target] });
    }
  }
  return [...seen].map(([file, chain]) => ({ file, chain }));
}

/** The files marked "use client" in app/, components/ and lib/. */
export function clientEntries(): string[] {
  return ["app", "components", "lib"].flatMap(sourceFiles).filter((f) => isClientFile(fs.readFileSync(path.join(root, f), "utf8")));
}

function main() {
  // lib/shared/ itself too, so a module there stays browser-safe before a client file imports it.
  const entries = clientEntries();
  const graph = clientGraph([...entries, ...sourceFiles("lib/shared")]);
  const bad = graph.filter((r) => !allowed(r.file));
  if (bad.length) {
    console.error(
      `${bad.length} lib/ module(s) outside lib/shared/ reach the browser (move browser-safe code to lib/shared/, or import server types with \`import type\`):`,
    );
    for (const r of bad) console.error(`  ${r.file}\n    via ${r.chain.join(" -> ")}`);
    process.exit(1);
  }
  const shared = graph.filter((r) => r.file.startsWith("lib/")).length;
  console.log(`${entries.length} client files reach ${graph.length} files; the ${shared} from lib/ are all in lib/shared/.`);
}

if (require.main === module) main();
