import "server-only";
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { MediaBytes } from "../../media/store";
import { ChannelError } from "../channel";
import { graphUrl, type WhatsAppConnection } from "./connection";
import { whatsAppError } from "./errors";

// Files through the Graph API. Inbound: `GET /{media-id}` gives a short-lived URL (about 5 minutes)
// and the bytes come from that URL with the same bearer token. Outbound: the bytes are uploaded to
// `/{phone-number-id}/media` and the message names the returned id.

const timeoutMs = () => Number(process.env.WHATSAPP_MEDIA_TIMEOUT_MS ?? 60_000);

export type GraphMediaInfo = { url: string; mimeType: string | null; size: number | null };
export type GraphDownload = GraphMediaInfo & { body: MediaBytes };

type GraphError = { error?: { code?: unknown; message?: unknown } };

function graphFailure(status: number, body: unknown, what: string): ChannelError {
  const err = (body && typeof body === "object" ? (body as GraphError).error : undefined) ?? undefined;
  const code = typeof err?.code === "number" ? err.code : Number(err?.code);
  const message = typeof err?.message === "string" ? err.message : `${what}: HTTP ${status}`;
  if (Number.isFinite(code)) return whatsAppError(code, message);
  return new ChannelError(status >= 500 || status === 429 ? "transient" : "permanent", null, message);
}

async function graphFetch(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs()) });
  } catch (err) {
    throw new ChannelError("transient", null, `${what} failed: ${(err as Error).message}`);
  }
}

export async function mediaInfo(connection: WhatsAppConnection, mediaId: string): Promise<GraphMediaInfo> {
  const auth = { authorization: `Bearer ${connection.accessToken}` };
  const res = await graphFetch(`${graphUrl()}/${encodeURIComponent(mediaId)}`, { headers: auth }, "WhatsApp media lookup");
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || typeof body?.url !== "string") throw graphFailure(res.status, body, "WhatsApp media lookup");
  const size = Number(body.file_size);
  return { url: body.url, mimeType: typeof body.mime_type === "string" ? body.mime_type : null, size: Number.isFinite(size) ? size : null };
}

/**
 * The file behind a media id, as a stream. Meta's download URLs expire within minutes: a URL that no
 * longer works (401/403/404) is looked up again once before giving up.
 */
export async function downloadWhatsAppMedia(connection: WhatsAppConnection, mediaId: string): Promise<GraphDownload> {
  const auth = { authorization: `Bearer ${connection.accessToken}` };
  for (let tries = 0; ; tries++) {
    const info = await mediaInfo(connection, mediaId);
    const res = await graphFetch(info.url, { headers: auth }, "WhatsApp media download");
    if (res.ok && res.body) return { ...info, body: res.body as unknown as MediaBytes };
    await res.body?.cancel().catch(() => {});
    if (tries === 0 && [401, 403, 404, 410].includes(res.status)) continue;
    throw new ChannelError(res.status >= 500 ? "transient" : "permanent", null, `WhatsApp media download answered HTTP ${res.status}.`);
  }
}

/**
 * Uploads a file for sending and returns the WhatsApp media id. The multipart body is streamed (the
 * stored file's pieces between a preamble and the closing boundary), so the file is never whole in memory.
 */
export async function uploadWhatsAppMedia(
  connection: WhatsAppConnection,
  file: { bytes: MediaBytes; mimeType: string; filename: string; size: number },
): Promise<string> {
  const boundary = `----convo${randomBytes(12).toString("hex")}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const safeName = file.filename.replace(/["\r\n\\]/g, "_");
  const head = Buffer.from(
    `${field("messaging_product", "whatsapp")}${field("type", file.mimeType)}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeName}"\r\nContent-Type: ${file.mimeType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts() {
    yield head;
    for await (const piece of file.bytes) yield piece;
    yield tail;
  }
  const res = await graphFetch(
    `${graphUrl()}/${encodeURIComponent(connection.phoneNumberId)}/media`,
    {
      method: "POST",
      headers: {
        authorization: `Bearer ${connection.accessToken}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(head.length + file.size + tail.length),
      },
      body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>,
      duplex: "half",
    } as RequestInit,
    "WhatsApp media upload",
  );
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || typeof body?.id !== "string") throw graphFailure(res.status, body, "WhatsApp media upload");
  return body.id;
}
