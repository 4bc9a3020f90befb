"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, useState } from "react";
import { Button, Textarea, useToast } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/lib/dashboard/fetcher";
import { TemplatePicker } from "./template-picker";
import type { ConversationDetail } from "./types";

type Reply = { type: "text"; text: string } | { type: "template"; template: { name: string; language: string; variables: string[] } };

/**
 * The agent's reply. Whether free text is allowed comes from the server (windowOpen, the same rule
 * sendMessage enforces): inside the 24-hour window a text box, outside it the template picker.
 */
export function ReplyBox({ detail }: { detail: ConversationDetail }) {
  const client = useQueryClient();
  const toast = useToast();
  const [text, setText] = useState("");
  const id = detail.conversation.id;
  const send = useMutation({
    mutationFn: (reply: Reply) => apiFetch(`/api/dashboard/conversations/${id}/messages`, { body: reply }),
    onSuccess: (_, reply) => {
      if (reply.type === "text") setText("");
      else toast.success("Template sent.");
    },
    onError: (err) => {
      toast.error(
        err instanceof DashboardError && err.code === "outside_messaging_window"
          ? "The 24-hour window has closed: send a template instead."
          : errorMessage(err),
      );
    },
    onSettled: () => {
      client.invalidateQueries({ queryKey: ["messages", id] });
      client.invalidateQueries({ queryKey: ["conversation", id] });
      client.invalidateQueries({ queryKey: ["inbox"] });
    },
  });

  if (!detail.windowOpen) {
    return (
      <div className="composer">
        <div className="alert alert-warning" style={{ marginBottom: 10 }} data-testid="window-closed">
          {detail.windowClosesAt
            ? `The 24-hour window closed ${new Date(detail.windowClosesAt).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" })}.`
            : "This customer has not written yet."}{" "}
          Only an approved template can be sent until they write again.
        </div>
        <TemplatePicker sending={send.isPending} onSend={(template) => send.mutate({ type: "template", template })} />
      </div>
    );
  }

  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (text.trim() && !send.isPending) send.mutate({ type: "text", text: text.trim() });
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <div className="composer">
      <form className="reply-form" onSubmit={submit}>
        <Textarea
          id="reply"
          aria-label="Reply"
          placeholder="Write a reply… (Enter to send, Shift+Enter for a new line)"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          maxLength={4096}
        />
        <Button type="submit" variant="primary" loading={send.isPending} disabled={!text.trim()}>
          Send
        </Button>
      </form>
      {detail.windowClosesAt ? (
        <div className="small muted" style={{ marginTop: 4 }}>
          Free text allowed until {new Date(detail.windowClosesAt).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" })}.
        </div>
      ) : null}
    </div>
  );
}
