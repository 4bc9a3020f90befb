import "server-only";
import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import { errorForLog, safeErrorMessage } from "../errors";

// The process's one logger: JSON lines on stdout (an asynchronous, buffered destination, so a log call
// never waits on the terminal or the pipe), readable colours in development, the level from LOG_LEVEL.
// What goes in a line is ids, counts, statuses and durations, never a body: the redact paths below
// are the second line of defence, for an object that carries a secret by a name we know.

/** Keys blanked wherever they appear at the top of a logged object or one level down. */
export const REDACT_KEYS = [
  "authorization",
  "cookie",
  "password",
  "token",
  "accessToken",
  "apiKey",
  "key",
  "secret",
  "text",
  "body",
  "query",
  "params",
  "url",
];

const key = Symbol.for("convo.logger");
const requestKey = Symbol.for("convo.logger.requests");
const destinationKey = Symbol.for("convo.logger.destination");
const stdoutKey = Symbol.for("convo.logger.stdout");
type G = typeof globalThis & {
  [key]?: Logger;
  [requestKey]?: Logger;
  [destinationKey]?: DestinationStream;
  [stdoutKey]?: ReturnType<typeof pino.destination>;
};

function destination(): DestinationStream {
  // Tests (and operators who want a file) point LOG_FILE at a file; writes are synchronous there, so
  // what a test greps is on disk the moment the line is logged.
  if (process.env.LOG_FILE) return pino.destination({ dest: process.env.LOG_FILE, sync: true, append: true, mkdir: true });
  const wantPretty = process.env.LOG_PRETTY === "1" || (process.env.LOG_PRETTY !== "0" && process.stdout.isTTY);
  if (process.env.NODE_ENV !== "production" && wantPretty) {
    return pretty({ colorize: Boolean(process.stdout.isTTY), translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", sync: true });
  }
  // Lines gather in memory up to 4 KiB before one write (a busy server writes once per dozen lines or
  // so, not once per request: on these machines a write costs as much as the request's own query), and
  // what is gathered goes out at least every LOG_FLUSH_MS (100 ms) when the server is quiet.
  const stdout = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const flushEvery = Number(process.env.LOG_FLUSH_MS ?? 100);
  setInterval(() => {
    try {
      stdout.flush();
    } catch {}
  }, flushEvery).unref();
  (globalThis as G)[stdoutKey] = stdout;
  // What is still buffered when the process exits (a fatal error, the end of a drain) is written out.
  process.once("exit", () => {
    try {
      stdout.flushSync();
    } catch {}
  });
  return stdout;
}

/** The process's one destination, shared by its loggers (one buffer, one order of lines). */
function sharedDestination(): DestinationStream {
  const g = globalThis as G;
  g[destinationKey] ??= destination();
  return g[destinationKey];
}

function createLogger(redact: boolean): Logger {
  return pino(
    {
      level: process.env.LOG_LEVEL || "info",
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      ...(redact ? { redact: { paths: [...REDACT_KEYS, ...REDACT_KEYS.map((k) => `*.${k}`)], censor: "[redacted]" } } : {}),
      // A failed query's message lists its parameters: errors go out as errorForLog has them.
      serializers: {
        err: (err: unknown) => ({ type: err instanceof Error ? err.name : typeof err, message: safeErrorMessage(err), stack: errorForLog(err) }),
      },
    },
    sharedDestination(),
  );
}

/** The process's logger (one per process, even where Next bundles this module twice). */
export function logger(): Logger {
  const g = globalThis as G;
  g[key] ??= createLogger(true);
  return g[key];
}

/**
 * The logger of the one line per API request (lib/observability/request-log.ts): the same options and
 * destination without the redaction pass, which walks every key of a line two levels deep and doubled
 * the line's cost (about 18 against 9 µs here). That line's fields are fixed (ids, operation, status,
 * duration), none of them a secret; everything else goes through logger().
 */
export function requestLogger(): Logger {
  const g = globalThis as G;
  g[requestKey] ??= createLogger(false);
  return g[requestKey];
}

/**
 * Writes out what the asynchronous destination still holds, before a deliberate process.exit: starts
 * the write of what is gathered and waits for it (a moment at most), then writes the rest synchronously.
 */
export async function flushLogs(): Promise<void> {
  const stdout = (globalThis as G)[stdoutKey];
  if (!stdout) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 250);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    try {
      stdout.flush(done);
    } catch {
      done();
    }
  });
  try {
    stdout.flushSync();
  } catch {}
}

/** A child logger for one part of the system: its lines carry `component`. */
export function componentLogger(component: string): Logger {
  return logger().child({ component });
}
