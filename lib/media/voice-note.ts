import "server-only";
import type { Db } from "../db/client";
import type { MessageMedia } from "../db/schema";
import { AppError, invalid } from "../errors";
import { baseMimeType, MEDIA_LIMITS, sizeProblem } from "../shared/media-limits";
import { findMediaFile, readMediaBytes, tooLarge, wrongType } from "./media-files";
import type { MediaBytes } from "./store";

// Voice notes. WhatsApp plays an audio message as a voice note (`voice: true`) only when the file is
// OGG with the Opus codec. Browsers record Opus, but Chromium's MediaRecorder wraps it in WebM
// (`audio/webm;codecs=opus`), which WhatsApp does not take at all. The Opus packets are the same in
// both containers, so a WebM recording is rewrapped as OGG on upload, without decoding or
// re-encoding, by mediabunny (a maintained pure-TypeScript demuxer/muxer: no ffmpeg binary to ship,
// no WebAssembly, and no muxer of our own to get wrong).

/** Whether an upload is a WebM audio recording that is stored rewrapped as OGG. */
export function isWebmAudio(mimeType: string): boolean {
  return baseMimeType(mimeType) === "audio/webm";
}

async function collect(body: MediaBytes, maxBytes: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const piece of body) {
    size += piece.byteLength;
    const problem = size > maxBytes ? sizeProblem("audio", size) : null;
    if (problem) throw tooLarge(problem);
    parts.push(piece);
  }
  return Buffer.concat(parts);
}

// The media library is loaded when a recording is read, not by every process that sends messages.
const mediabunny = () => import("mediabunny");

/** The Opus audio of a WebM recording, rewrapped as OGG/Opus; anything else is a 415. */
export async function webmToOgg(webm: Uint8Array): Promise<Uint8Array> {
  const refuse = () => wrongType("A WebM recording must hold Opus audio to be sent on WhatsApp (as OGG/Opus).");
  const { ALL_FORMATS, BufferSource, BufferTarget, Conversion, Input, OggOutputFormat, Output } = await mediabunny();
  try {
    const input = new Input({ source: new BufferSource(webm), formats: ALL_FORMATS });
    const track = await input.getPrimaryAudioTrack();
    if (track?.codec !== "opus") throw refuse();
    const target = new BufferTarget();
    const output = new Output({ format: new OggOutputFormat(), target });
    const conversion = await Conversion.init({ input, output, video: { discard: true } });
    if (!conversion.isValid) throw refuse();
    await conversion.execute();
    if (!target.buffer) throw refuse();
    return new Uint8Array(target.buffer);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse();
  }
}

/** An uploaded WebM/Opus recording's bytes as OGG/Opus, read whole (audio is at most 16 MB). */
export async function* oggFromWebm(body: MediaBytes): MediaBytes {
  yield await webmToOgg(await collect(body, MEDIA_LIMITS.audio.maxBytes));
}

/** A recording's name with the extension of what it now is (`voice.webm` -> `voice.ogg`). */
export function oggFilename(filename: string | null): string | null {
  return filename ? filename.replace(/\.(webm|weba)$/i, "") + ".ogg" : null;
}

/**
 * An audio message sent as a voice note: its file must be OGG with Opus audio (WhatsApp's rule for
 * voice messages; a WebM recording was rewrapped on upload), else 400 and nothing is sent.
 */
export async function asVoiceNote(db: Db, businessId: string, media: MessageMedia): Promise<MessageMedia> {
  const refuse = (why: string) => invalid([{ path: "voice", message: `A voice note must be an OGG/Opus recording: ${why}.` }]);
  if (media.kind !== "audio" || !media.fileId) throw refuse("this is not an audio file");
  if (baseMimeType(media.mimeType) !== "audio/ogg") throw refuse(`this file is ${baseMimeType(media.mimeType) || "of an unknown type"}`);
  const file = await findMediaFile(db, businessId, media.fileId);
  const bytes = await collect(await readMediaBytes(db, file), MEDIA_LIMITS.audio.maxBytes);
  const { ALL_FORMATS, BufferSource, Input } = await mediabunny();
  const track = await new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS }).getPrimaryAudioTrack().catch(() => null);
  if (track?.codec !== "opus") throw refuse(`its audio is ${track?.codec ?? "unreadable"}, not Opus`);
  return { ...media, voice: true };
}
