import { AppError } from "./errors";
import { formatPath } from "./shared/field-path";

export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * How deep a JSON body may nest. Real bodies stay under ten levels; the embedded database (Postgres in
 * WebAssembly, with a small stack) traps on jsonb nested about a thousand deep, and every other
 * recursive consumer (zod, the skill graph, JSON.stringify of a stored value) pays per level too.
 */
export const MAX_JSON_DEPTH = 32;

const tooLarge = (max: number) => new AppError("payload_too_large", `The request body is larger than ${max / (1024 * 1024)} MiB.`);

/**
 * The body's bytes, never holding more than `max`: the declared length is checked first and the stream
 * is cut off as soon as it passes the limit (then `payload_too_large`). Empty when there is no body.
 */
export async function readBodyBytes(request: Request, max = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = request.headers.get("content-length");
  if (declared && Number(declared) > max) throw tooLarge(max);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The one JSON reader of every body the service accepts (the /v1 operations on both servers, the
 * dashboard's endpoints, sign-up, the WhatsApp webhook): at most 1 MiB, UTF-8, parseable, and nested
 * at most MAX_JSON_DEPTH levels. Returns undefined for an empty body.
 */
export async function readJsonBody(request: Request): Promise<{ value: unknown; raw: string } | undefined> {
  const bytes = await readBodyBytes(request);
  if (bytes.byteLength === 0) return undefined;
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!/^application\/([a-z0-9.+-]*\+)?json\b/.test(contentType)) {
    throw new AppError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
  }
  let raw: string;
  try {
    raw = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("invalid_json", "The body is not valid UTF-8.");
  }
  return { value: parseJsonText(raw), raw };
}

/** JSON.parse (iterative in V8, so any depth parses without exhausting the stack) plus the depth limit. */
export function parseJsonText(raw: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError("invalid_json", "The body is not parseable JSON.");
  }
  const path = tooDeepPath(raw);
  if (path !== null) {
    throw new AppError("invalid_request", `The body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`, [
      { path, message: `Nested deeper than ${MAX_JSON_DEPTH} levels here.` },
    ]);
  }
  return value;
}

type Frame = { array: boolean; index: number; keyStart: number; keyEnd: number };

/**
 * Where the first object or array nested deeper than `max` starts (`metadata.a.a[0]`), or null. One
 * pass over text that JSON.parse has accepted, with an explicit stack instead of recursion, so a body
 * a million levels deep costs a loop, not the call stack. Keys are decoded only for the answer.
 */
export function tooDeepPath(raw: string, max = MAX_JSON_DEPTH): string | null {
  const stack: Frame[] = [];
  let stringStart = -1;
  let stringEnd = -1;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x22) {
      // a string: skip to its closing quote, stepping over escapes
      stringStart = i;
      for (i++; i < raw.length && raw.charCodeAt(i) !== 0x22; i++) if (raw.charCodeAt(i) === 0x5c) i++;
      stringEnd = i;
    } else if (c === 0x3a) {
      const top = stack[stack.length - 1];
      if (top) {
        top.keyStart = stringStart;
        top.keyEnd = stringEnd;
      }
    } else if (c === 0x2c) {
      const top = stack[stack.length - 1];
      if (top?.array) top.index++;
    } else if (c === 0x7b || c === 0x5b) {
      if (stack.length >= max)
        return formatPath(stack.map((f) => (f.array ? f.index : (JSON.parse(raw.slice(f.keyStart, f.keyEnd + 1)) as string)))) || "body";
      stack.push({ array: c === 0x5b, index: 0, keyStart: -1, keyEnd: -1 });
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
    }
  }
  return null;
}
