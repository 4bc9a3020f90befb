"use client";
import "./common.css";
import { CopyButton } from "./copy-button";

/** A secret shown exactly once (an API key, a webhook signing secret), with a copy button and the warning. */
export function SecretReveal({ label, secret, note }: { label: string; secret: string; note?: string }) {
  return (
    <div className="secret-reveal">
      <div className="field-label">{label}</div>
      <div className="secret-row">
        <code className="secret-value" data-testid="secret-value">
          {secret}
        </code>
        <CopyButton value={secret} />
      </div>
      <div className="alert alert-warning">{note ?? "Copy it now: it will not be shown again."}</div>
    </div>
  );
}
