"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button, Dialog, Input, Textarea } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";
import { fillSavedReply, type SavedReplyOut, savedReplyIn } from "@/lib/shared/saved-reply-schema";

/** New or edit: shortcut and text, checked with the API's own schema, with how it reads for a known and an unknown name. */
export function SavedReplyDialog({ reply, onClose }: { reply: SavedReplyOut | null; onClose: () => void }) {
  const client = useQueryClient();
  const [shortcut, setShortcut] = useState(reply?.shortcut ?? "");
  const [text, setText] = useState(reply?.text ?? "");
  const [tried, setTried] = useState(false);
  const parsed = savedReplyIn.safeParse({ shortcut: shortcut.replace(/^\//, ""), text });
  const save = useMutation({
    mutationFn: (body: { shortcut: string; text: string }) =>
      reply
        ? apiFetch<SavedReplyOut>(`/v1/saved-replies/${encodeURIComponent(reply.id)}`, { method: "PATCH", body })
        : apiFetch<SavedReplyOut>("/v1/saved-replies", { body }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ["saved-replies"] });
      onClose();
    },
  });
  const serverErrors =
    save.error instanceof DashboardError && save.error.details?.length ? Object.fromEntries(save.error.details.map((d) => [d.path, d.message])) : {};
  const errors: Record<string, string> = {
    ...serverErrors,
    ...(tried && !parsed.success ? Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) : {}),
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (parsed.success) save.mutate(parsed.data);
  }

  return (
    <Dialog open onClose={onClose} title={reply ? `Edit /${reply.shortcut}` : "New saved reply"}>
      <form className="stack" onSubmit={submit} noValidate>
        {save.isError && !Object.keys(serverErrors).length ? (
          <div className="alert" role="alert">
            {errorMessage(save.error)}
          </div>
        ) : null}
        <Input
          id="saved-reply-shortcut"
          label="Shortcut"
          placeholder="hours"
          value={shortcut}
          error={errors.shortcut}
          hint="Lower-case letters, digits, - and _. Staff type it after /."
          onChange={(e) => setShortcut(e.target.value)}
        />
        <Textarea
          id="saved-reply-text"
          label="Reply"
          rows={5}
          value={text}
          error={errors.text}
          hint="{{contact.first_name}} and {{contact.name}} become the customer's name; {{contact.first_name|there}} says 'there' when it is unknown."
          onChange={(e) => setText(e.target.value)}
        />
        {text.trim() ? (
          <div className="saved-reply-samples" data-testid="saved-reply-preview">
            <div className="field-label">Preview</div>
            <p>
              <span className="muted small">To Ana Costa: </span>
              {fillSavedReply(text, { name: "Ana Costa" })}
            </p>
            <p>
              <span className="muted small">Name unknown: </span>
              {fillSavedReply(text, { name: null })}
            </p>
          </div>
        ) : null}
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
