import { errorForLog } from "./errors";

// The log sites we own print errors through errorForLog (lib/errors.ts). Next prints errors it
// catches itself (a page that fails to render, for one) with console.error, where a failed query's
// message would list every parameter. So the process's console.error and console.warn pass every
// failed-query error, and any text carrying drizzle's "params:" line, through the same redaction.

const PARAMS = "\nparams: ";
// The stack's first line ends the parameters. Found by indexOf and one linear pattern: the lazy
// `[\s\S]*?(?=\n\s+at |$)` of before retried `\s+` from every line break (quadratic in the text).
const STACK_LINE = /\n[ \t]+at /g;
const installed = Symbol.for("convo.logRedaction");

function redact(arg: unknown): unknown {
  if (arg instanceof Error) {
    const q = arg as Error & { query?: unknown; params?: unknown };
    if (typeof q.query === "string" && Array.isArray(q.params)) return errorForLog(arg);
    if (q.cause instanceof Error) return redact(q.cause) === q.cause ? arg : errorForLog(arg);
    return arg;
  }
  if (typeof arg === "string" && arg.includes(PARAMS)) return redactParams(arg);
  return arg;
}

function redactParams(text: string): string {
  let out = "";
  let from = 0;
  for (let at = text.indexOf(PARAMS); at !== -1; at = text.indexOf(PARAMS, from)) {
    STACK_LINE.lastIndex = at + PARAMS.length;
    out += `${text.slice(from, at)}${PARAMS}[not logged]`;
    from = STACK_LINE.exec(text)?.index ?? text.length;
  }
  return out + text.slice(from);
}

/** Wraps console.error and console.warn once per process (instrumentation.ts and the scripts call it). */
export function redactQueryParametersInLogs(): void {
  const c = console as Console & { [installed]?: true };
  if (c[installed]) return;
  c[installed] = true;
  for (const level of ["error", "warn"] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => original(...args.map(redact));
  }
}
