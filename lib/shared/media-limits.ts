// The kinds of file a message carries (the media_files table's check takes them from here).
export const mediaKinds = ["image", "audio", "video", "document", "sticker"] as const;
export type MediaKind = (typeof mediaKinds)[number];

// WhatsApp's limits per media type (Cloud API "supported media types"). Inbound files are checked
// against them too: a file past them did not come from WhatsApp as advertised, and is not stored.

const MB = 1024 * 1024;

export const MEDIA_LIMITS: Record<MediaKind, { maxBytes: number; mimeTypes: readonly string[] | null }> = {
  image: { maxBytes: 5 * MB, mimeTypes: ["image/jpeg", "image/png"] },
  audio: { maxBytes: 16 * MB, mimeTypes: ["audio/aac", "audio/amr", "audio/mpeg", "audio/mp4", "audio/ogg"] },
  video: { maxBytes: 16 * MB, mimeTypes: ["video/mp4", "video/3gpp"] },
  // Customers may send any document; what we send must be one WhatsApp delivers (see OUTBOUND_DOCUMENT_TYPES).
  document: { maxBytes: 100 * MB, mimeTypes: null },
  sticker: { maxBytes: 500 * 1024, mimeTypes: ["image/webp"] },
};

export const OUTBOUND_DOCUMENT_TYPES = [
  "text/plain",
  "text/csv",
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
] as const;

/** The largest file any kind allows: the upload endpoint's hard stop before the kind is known. */
export const MAX_MEDIA_BYTES = Math.max(...Object.values(MEDIA_LIMITS).map((l) => l.maxBytes));

/** `audio/ogg; codecs=opus` -> `audio/ogg`. */
export function baseMimeType(mimeType: string | null | undefined): string {
  return (mimeType ?? "").split(";")[0].trim().toLowerCase();
}

// RFC 9110 token characters, on each side of the one slash.
const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]{1,127}";
const MIME_TYPE = new RegExp(`^${TOKEN}/${TOKEN}$`);

/**
 * The only form a MIME type is stored or served in: a lower-case `type/subtype` of token characters,
 * parameters dropped. Anything else is `application/octet-stream`: a sender's client may declare
 * `image/png,text/html`, which starts like a picture and renders as a page.
 */
export function normalMimeType(mimeType: string | null | undefined): string {
  const base = baseMimeType(mimeType);
  return MIME_TYPE.test(base) ? base : "application/octet-stream";
}

/** Whether a stored file may open in the browser: exactly a type WhatsApp's limits accept for its kind (never a document). */
export function opensInline(kind: MediaKind, mimeType: string): boolean {
  return MEDIA_LIMITS[kind].mimeTypes?.includes(normalMimeType(mimeType)) ?? false;
}

/** Why a file of this type cannot be a `kind` (null when it can). Outbound documents are held to WhatsApp's list. */
export function mimeProblem(kind: MediaKind, mimeType: string, direction: "inbound" | "outbound"): string | null {
  const base = baseMimeType(mimeType);
  const allowed = kind === "document" && direction === "outbound" ? OUTBOUND_DOCUMENT_TYPES : MEDIA_LIMITS[kind].mimeTypes;
  if (!allowed || allowed.includes(base)) return null;
  return `WhatsApp does not accept ${base || "an unknown type"} as ${kind === "image" ? "an" : "a"} ${kind} (allowed: ${allowed.join(", ")}).`;
}

export function sizeProblem(kind: MediaKind, size: number): string | null {
  const max = MEDIA_LIMITS[kind].maxBytes;
  return size > max ? `${kind} files may be at most ${formatBytes(max)} on WhatsApp.` : null;
}

export function formatBytes(n: number): string {
  if (n >= 1024 * MB) return `${Math.round((n / (1024 * MB)) * 10) / 10} GB`;
  if (n >= MB) return `${Math.round((n / MB) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

/** The kind a MIME type is sent as when the caller does not say (uploads from the inbox). */
export function kindForMimeType(mimeType: string): MediaKind {
  const base = baseMimeType(mimeType);
  if (base === "image/webp") return "sticker";
  if (base.startsWith("image/")) return "image";
  if (base.startsWith("audio/")) return "audio";
  if (base.startsWith("video/")) return "video";
  return "document";
}
