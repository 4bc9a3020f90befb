"use client";
import { Button, Dialog } from "@/components/ui";

/** Someone saved the skill after this editor loaded it: the person chooses, nothing is overwritten silently. */
export function ConflictDialog({
  open,
  message,
  busy,
  onReload,
  onOverwrite,
  onCancel,
}: {
  open: boolean;
  message: string;
  busy: "reload" | "overwrite" | null;
  onReload: () => void;
  onOverwrite: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="This skill changed while you were editing"
      footer={
        <>
          <Button onClick={onCancel} disabled={busy !== null}>
            Keep editing
          </Button>
          <Button onClick={onReload} loading={busy === "reload"} disabled={busy !== null}>
            Reload theirs
          </Button>
          <Button variant="danger" onClick={onOverwrite} loading={busy === "overwrite"} disabled={busy !== null}>
            Overwrite with mine
          </Button>
        </>
      }
    >
      <p style={{ marginTop: 0 }}>{message}</p>
      <p className="muted" style={{ marginBottom: 0 }}>
        <strong>Reload theirs</strong> discards your unsaved changes and loads the saved version. <strong>Overwrite with mine</strong> replaces their
        version with what you see here.
      </p>
    </Dialog>
  );
}
