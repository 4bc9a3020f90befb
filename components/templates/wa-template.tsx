"use client";
import type { ReactNode } from "react";
import "./wa-template.css";

export type WaButton = { type: "quick_reply" | "url" | "phone_number" | "copy_code" | "flow"; text: string; detail?: string | null };

const ICON: Record<WaButton["type"], string> = { quick_reply: "↩", url: "↗", phone_number: "✆", copy_code: "⧉", flow: "☰" };

/**
 * A template message drawn as WhatsApp shows it (header, body, footer, buttons under the bubble): the
 * template editor's live preview, the inbox picker's, and a sent template in the thread and simulator.
 * A quick reply is a real button when `onQuickReply` is given (the simulator's customer presses it).
 */
export function WaTemplate({
  header,
  body,
  footer,
  buttons,
  onQuickReply,
  testId,
}: {
  /** A text header, or a media header (its picture when known, else a labelled placeholder). */
  header?: { format: "text"; text: string } | { format: "image" | "video" | "document"; url?: string | null; label?: string | null } | null;
  body: ReactNode;
  footer?: string | null;
  buttons?: WaButton[];
  onQuickReply?: (text: string, index: number) => void;
  testId?: string;
}) {
  return (
    <div className="wa-template" data-testid={testId}>
      <div className="wa-template-bubble">
        {header?.format === "text" ? <div className="wa-template-header">{header.text}</div> : null}
        {header && header.format !== "text" ? (
          <div className="wa-template-media" data-testid="wa-template-media">
            {header.format === "image" && header.url ? (
              // biome-ignore lint/performance/noImgElement: a signed media link, not a static asset
              <img src={header.url} alt={header.label ?? "Header image"} />
            ) : (
              <span>
                {header.format === "image" ? "🖼 Image" : header.format === "video" ? "▶ Video" : "📄 Document"}
                {header.label ? ` · ${header.label}` : ""}
              </span>
            )}
          </div>
        ) : null}
        <div className="wa-template-body">{body}</div>
        {footer ? <div className="wa-template-footer">{footer}</div> : null}
      </div>
      {buttons?.length ? (
        <div className="wa-template-buttons">
          {buttons.map((b, i) =>
            b.type === "quick_reply" && onQuickReply ? (
              <button key={`${i}-${b.text}`} type="button" className="wa-template-button" onClick={() => onQuickReply(b.text, i)}>
                {ICON[b.type]} {b.text}
              </button>
            ) : (
              <div key={`${i}-${b.text}`} className="wa-template-button" title={b.detail ?? undefined} data-testid="wa-template-button">
                {ICON[b.type]} {b.text}
              </div>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
