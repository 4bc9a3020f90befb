import pino from "pino";
import { vi } from "vitest";
import { logger } from "@/lib/observability/log";

/**
 * Captures what the process's logger writes from now on (every component's lines share its stream),
 * instead of printing it: the raw JSON lines, whatever LOG_PRETTY would make of them.
 */
export function captureLogs() {
  const stream = (logger() as unknown as Record<symbol, { write(chunk: string): boolean }>)[pino.symbols.streamSym];
  const written: string[] = [];
  const spy = vi.spyOn(stream, "write").mockImplementation((chunk: string) => {
    written.push(String(chunk));
    return true;
  });
  return {
    text: () => written.join(""),
    lines: () =>
      written
        .join("")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    restore: () => spy.mockRestore(),
  };
}
