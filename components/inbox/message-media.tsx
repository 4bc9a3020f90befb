"use client";
import { useEffect, useState } from "react";
import { formatSize, type Message } from "./types";

// A message's file or place, as WhatsApp shows it: pictures inline (click for the full-size viewer),
// players for sound and video (a voice note's transcript underneath), documents as a download with
// their name and size, a location as a map link.

/** The link as a same-origin path: the dashboard's cookie then works even when NEXTAUTH_URL names another host. */
const sameOrigin = (url: string) => url.replace(/^https?:\/\/[^/]+/, "");

export function MessageMedia({ message }: { message: Message }) {
  const [viewing, setViewing] = useState(false);
  const media = message.media;
  if (message.location) {
    const { latitude, longitude, name, address } = message.location;
    const href = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
    return (
      <a className="media-location" href={href} target="_blank" rel="noopener noreferrer" data-testid="media-location">
        <span className="media-file-badge">MAP</span> {name ?? "Shared location"}
        {address ? <span className="small muted"> · {address}</span> : null}
        <span className="small muted"> (open map)</span>
      </a>
    );
  }
  if (!media) return null;
  if (media.status !== "ready" || !media.url) {
    return (
      <div className="media-unavailable small" data-testid="media-unavailable">
        Media unavailable ({media.type}): the file could not be fetched from WhatsApp.
      </div>
    );
  }
  const src = sameOrigin(media.url);
  const label = media.filename ?? media.type;
  switch (media.type) {
    case "image":
    case "sticker":
      return (
        <>
          <button type="button" className="media-thumb" onClick={() => setViewing(true)} aria-label={`View ${media.type} full size`}>
            {/* biome-ignore lint/performance/noImgElement: a signed, private link next/image cannot optimise. */}
            <img src={src} alt={media.caption ?? `${media.type} from the conversation`} data-testid="media-image" />
          </button>
          {viewing ? <ImageViewer src={src} alt={media.caption ?? media.type} onClose={() => setViewing(false)} /> : null}
        </>
      );
    case "audio":
      return (
        <div>
          {media.voice ? (
            <div className="small muted" data-testid="media-voice-note">
              🎤 Voice note
            </div>
          ) : null}
          {/* biome-ignore lint/a11y/useMediaCaption: a customer's voice note has no caption track; its transcript is shown below. */}
          <audio controls preload="metadata" src={src} data-testid="media-audio" />
          {media.transcript ? (
            <div className="small muted media-transcript" data-testid="media-transcript">
              “{media.transcript}”
            </div>
          ) : null}
        </div>
      );
    case "video":
      return (
        // biome-ignore lint/a11y/useMediaCaption: customers' videos come without caption tracks.
        <video controls preload="metadata" src={src} className="media-video" data-testid="media-video" />
      );
    default:
      return (
        <a className="media-document" href={src} download={media.filename ?? undefined} data-testid="media-document">
          <span className="media-file-badge">{(media.filename?.split(".").pop() ?? "file").toUpperCase()}</span>{" "}
          <span className="media-document-name">{label}</span>
          <span className="small muted"> · {formatSize(media.size)}</span>
        </a>
      );
  }
}

function ImageViewer({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div className="media-viewer" role="dialog" aria-modal="true" aria-label="Image viewer" data-testid="media-viewer">
      <button type="button" className="media-viewer-backdrop" aria-label="Close" onClick={onClose} />
      {/* biome-ignore lint/performance/noImgElement: a signed, private link next/image cannot optimise. */}
      <img src={src} alt={alt} />
      <div className="media-viewer-actions">
        <a href={src} target="_blank" rel="noopener noreferrer" className="btn btn-sm">
          Open original
        </a>
        <button type="button" className="btn btn-sm" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

/** The text to show beside the file: the caption, not the "[image] caption" placeholder kept for search and the assistant. */
export function visibleText(message: Message): string | null {
  if (message.location) return null;
  // A template's file is its header: the body is the message's text.
  if (!message.media || message.template) return message.text;
  return message.media.caption;
}
