import { AppError } from "../errors";

export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () => new AppError("payload_too_large", "The request body is larger than 1 MiB.");

/**
 * Reads a JSON body without ever holding more than 1 MiB: the declared length is checked first and the
 * stream is cut off as soon as it passes the limit. Returns undefined for an empty body.
 */
export async function readJsonBody(request: Request): Promise<{ value: unknown; raw: string } | undefined> {
  const declared = request.headers.get("content-length");
  if (declared && Number(declared) > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (size === 0) return undefined;
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!/^application\/([a-z0-9.+-]*\+)?json\b/.test(contentType)) {
    throw new AppError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
  }
  let raw: string;
  try {
    raw = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("invalid_json", "The body is not valid UTF-8.");
  }
  try {
    return { value: JSON.parse(raw), raw };
  } catch {
    throw new AppError("invalid_json", "The body is not parseable JSON.");
  }
}
