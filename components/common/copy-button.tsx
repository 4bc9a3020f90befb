"use client";
import { useState } from "react";
import { Button } from "@/components/ui";

/** Copies `value` to the clipboard and says so for two seconds. */
export function CopyButton({ value, label = "Copy", size = "sm" }: { value: string; label?: string; size?: "sm" | "md" }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Non-secure contexts have no clipboard API: fall back to a hidden textarea and execCommand.
      const area = document.createElement("textarea");
      area.value = value;
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Button size={size} onClick={copy} aria-live="polite">
      {copied ? "Copied ✓" : label}
    </Button>
  );
}
