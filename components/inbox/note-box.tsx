"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button, Textarea, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import "./team-inbox.css";

/** Writes an internal note (POST /v1/conversations/{id}/notes): the team sees it, the customer never does. */
export function NoteBox({ conversationId }: { conversationId: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const [text, setText] = useState("");
  const save = useMutation({
    mutationFn: (note: string) => apiFetch(`/v1/conversations/${conversationId}/notes`, { body: { text: note } }),
    onSuccess: () => setText(""),
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: () => client.invalidateQueries({ queryKey: ["messages", conversationId] }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) save.mutate(text.trim());
  };
  return (
    <form className="composer note-composer" onSubmit={submit}>
      <Textarea
        id="note-text"
        label="Internal note"
        hint="Only your team sees notes; they are never sent to the customer."
        value={text}
        rows={2}
        maxLength={4096}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="row" style={{ marginTop: 6 }}>
        <span className="spacer" />
        <Button type="submit" variant="primary" size="sm" loading={save.isPending} disabled={!text.trim()}>
          Add note
        </Button>
      </div>
    </form>
  );
}
