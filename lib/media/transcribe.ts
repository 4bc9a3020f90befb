import "server-only";
import type { Db } from "../db/client";
import type { MessageMedia } from "../db/schema";
import { mediaFileById, readMediaBytes } from "./media-files";
import { componentLogger } from "../observability/log";

// Voice notes become words before the assistant's turn: with an OpenAI-compatible server configured
// (LLM_BASE_URL and LLM_API_KEY), the audio goes to its /audio/transcriptions endpoint (model
// LLM_TRANSCRIBE_MODEL, default whisper-1) and the transcript is stored on the message, shown under
// the player and read by the assistant as the customer's text. Without one, or when it fails, the
// message stays "[audio]" and the assistant asks for text (staff still hear it in the inbox).

export type TranscribeSettings = { baseURL: string; apiKey: string; model: string; timeoutMs: number };

export function transcribeSettings(): TranscribeSettings | null {
  const baseURL = process.env.LLM_BASE_URL?.trim();
  const apiKey = process.env.LLM_API_KEY?.trim();
  if (!baseURL || !apiKey) return null;
  const timeoutMs = Number(process.env.LLM_TRANSCRIBE_TIMEOUT_MS ?? 30_000);
  return { baseURL, apiKey, model: process.env.LLM_TRANSCRIBE_MODEL?.trim() || "whisper-1", timeoutMs: timeoutMs > 0 ? timeoutMs : 30_000 };
}

/** The media with its transcript when it is a voice note (or any audio) and transcription is on. */
export async function withTranscript(db: Db, media: MessageMedia): Promise<MessageMedia> {
  const settings = transcribeSettings();
  if (!settings || media.kind !== "audio" || media.status !== "ready" || !media.fileId) return media;
  try {
    const file = await mediaFileById(db, media.fileId);
    if (!file) return media;
    // Loaded when a voice note is transcribed, not by every process that reads webhooks.
    const { default: OpenAI, toFile } = await import("openai");
    const client = new OpenAI({ baseURL: settings.baseURL, apiKey: settings.apiKey, timeout: settings.timeoutMs, maxRetries: 1 });
    // The API takes the file as one multipart part; a voice note is at most 16 MB (WhatsApp's audio limit).
    const upload = await toFile(await readMediaBytes(db, file), file.filename ?? `voice${extension(file.mimeType)}`, { type: file.mimeType });
    const result = await client.audio.transcriptions.create({ file: upload, model: settings.model });
    const transcript = result.text?.trim();
    return transcript ? { ...media, transcript } : media;
  } catch (err) {
    componentLogger("media").warn({ fileId: media.fileId, err }, "transcription failed");
    return media;
  }
}

function extension(mimeType: string): string {
  return { "audio/ogg": ".ogg", "audio/mpeg": ".mp3", "audio/mp4": ".m4a", "audio/aac": ".aac", "audio/amr": ".amr" }[mimeType] ?? "";
}

/**
 * An inbound media message's readable text: `[audio] <transcript>` (which the assistant reads as the
 * customer's words), `[image] <caption>`, `[document] <filename>`, or just `[video]`.
 */
export function inboundMediaText(media: MessageMedia): string {
  const label = media.transcript ?? media.caption ?? (media.kind === "document" ? media.filename : null);
  return label ? `[${media.kind}] ${label}` : `[${media.kind}]`;
}
