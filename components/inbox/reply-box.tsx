"use client";
import { type InfiniteData, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ClipboardEvent, type DragEvent, type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Button, ConfirmDialog, Textarea, useToast } from "@/components/ui";
import { apiFetch, apiUpload, DashboardError, errorMessage } from "@/components/data/fetcher";
import { useSavedReplyMenu } from "./saved-reply-menu";
import { TemplatePicker, type TemplateSendIn } from "./template-picker";
import { VoiceRecorder } from "./voice-recorder";
import { type ChoiceDraft, draftMessage, emptyDraft, InteractiveEditor } from "./interactive-editor";
import { FlowPicker } from "./flow-picker";
import { type ConversationDetail, formatSize, isEvent, type Message, type Page, type ThreadEntry, type UploadedFile } from "./types";
import { type InteractiveMessage, interactiveMessage } from "@/lib/shared/interactive-schema";

type Reply = (
  | { type: "text"; text: string }
  | { type: "template"; template: TemplateSendIn }
  | { type: "interactive"; interactive: InteractiveMessage }
  | { type: "file"; file: File; text: string }
) & { replyTo?: string };

/** The last message this member had seen, and whether to send although a teammate replied since (issue 36). */
type Seen = { seenUpTo?: string; force?: boolean };

/** Uploads the attachment, then sends it with the box's text as its caption (audio takes none). */
async function sendReply(conversationId: string, reply: Reply, seen: Seen) {
  const path = `/v1/internal/conversations/${conversationId}/messages`;
  if (reply.type !== "file") return apiFetch(path, { body: { ...reply, ...seen } });
  const uploaded = await apiUpload<UploadedFile>("/v1/media", reply.file);
  if (uploaded.type === "sticker")
    throw new DashboardError(415, "unsupported_media_type", "Stickers cannot be sent from the inbox: attach a JPEG or PNG.");
  const caption = uploaded.type === "audio" ? undefined : reply.text || undefined;
  return apiFetch(path, { body: { type: uploaded.type, mediaId: uploaded.id, text: caption, replyTo: reply.replyTo, ...seen } });
}

/** "1 min ago" */
function ago(iso: string): string {
  const minutes = Math.floor((Date.now() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return "less than a minute ago";
  if (minutes < 60) return `${minutes} min ago`;
  return `at ${new Date(iso).toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit" })}`;
}

/** A teammate's reply the server named in a 409 already_replied, read from the refreshed thread. */
type Meanwhile = { name: string; text: string; at: string | null };

const TYPING_IDLE_MS = 5000;

/**
 * The agent's reply. Whether free text is allowed comes from the server (windowOpen, the same rule
 * sendMessage enforces): inside the 24-hour window a text box, outside it the template picker.
 */
export function ReplyBox({
  detail,
  currentUserId,
  latestSeen,
  draft,
  onTyping,
  quoting,
  onQuoted,
}: {
  detail: ConversationDetail;
  currentUserId: string;
  latestSeen: string | null;
  draft: { text: string; n: number } | null;
  onTyping: (typing: boolean) => void;
  quoting?: Message | null;
  onQuoted?: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [text, setText] = useState("");
  // "Seen up to": the latest message on screen while the box is empty; it stays put once the member
  // starts writing, so a teammate's reply that lands meanwhile is caught before this one goes out.
  const seenUpTo = useRef<string | null>(null);
  const [conflict, setConflict] = useState<{ reply: Reply; meanwhile: Meanwhile } | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [attachment, setAttachment] = useState<{ file: File; preview: string | null } | null>(null);
  const [dragging, setDragging] = useState(false);
  const [choices, setChoices] = useState<ChoiceDraft | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  // A registered WhatsApp Flow added to the reply (its id; "" while none is chosen yet), or null.
  const [flow, setFlow] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const savedReplies = useSavedReplyMenu(text, setText, detail.contact.name);
  const id = detail.conversation.id;
  const send = useMutation({
    mutationFn: ({ reply, force }: { reply: Reply; force?: boolean }) => sendReply(id, reply, { seenUpTo: seenUpTo.current ?? undefined, force }),
    onSuccess: (_, { reply }) => {
      setConflict(null);
      stopTyping();
      if (reply.replyTo) onQuoted?.();
      if (reply.type === "text") setText("");
      else if (reply.type === "interactive") {
        setText("");
        setChoices(null);
        setFlow(null);
      } else if (reply.type === "file") {
        setText("");
        attach(null);
      } else toast.success("Template sent.");
    },
    onError: async (err, { reply }) => {
      if (err instanceof DashboardError && err.code === "already_replied") {
        setConflict({ reply, meanwhile: await teammateReply(err) });
        return;
      }
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

  // While nothing is being written, the marker follows the thread.
  const composing = !!text.trim() || !!attachment;
  useEffect(() => {
    if (!composing) seenUpTo.current = latestSeen;
  }, [composing, latestSeen]);
  // A suggested reply (a completed skill's confirmation) fills the box.
  useEffect(() => {
    if (draft) setText(draft.text);
  }, [draft]);
  function stopTyping() {
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = null;
    onTyping(false);
  }
  function typed(value: string) {
    setText(value);
    if (typingTimer.current) clearTimeout(typingTimer.current);
    if (!value.trim()) {
      stopTyping();
      return;
    }
    onTyping(true);
    typingTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the box goes away.
  useEffect(() => () => stopTyping(), []);

  /** Who replied meanwhile (the 409 names the message; the refreshed thread has its author and text). */
  async function teammateReply(err: DashboardError): Promise<Meanwhile> {
    const named = /^(msg_\S+) by \S+ at (\S+)$/.exec(err.details?.[0]?.message ?? "");
    await client.refetchQueries({ queryKey: ["messages", id] });
    const pages = client.getQueryData<InfiniteData<Page<ThreadEntry>>>(["messages", id]);
    const entries = pages?.pages.flatMap((p) => p.data) ?? [];
    const found = entries.find((m) => !isEvent(m) && m.id === named?.[1]);
    const other = found ?? entries.find((m) => !isEvent(m) && m.source === "agent" && m.author?.id !== currentUserId);
    if (other && !isEvent(other)) return { name: other.author?.name ?? "A teammate", text: other.text, at: other.createdAt };
    return { name: "A teammate", text: err.message, at: named?.[2] ?? null };
  }

  // The preview's object URL lives as long as the attachment.
  useEffect(
    () => () => {
      if (attachment?.preview) URL.revokeObjectURL(attachment.preview);
    },
    [attachment],
  );
  function attach(file: File | null) {
    setAttachment(file ? { file, preview: file.type.startsWith("image/") ? URL.createObjectURL(file) : null } : null);
    if (fileInput.current) fileInput.current.value = "";
  }

  if (!detail.windowOpen) {
    return (
      <div className="composer">
        <div className="alert alert-warning" style={{ marginBottom: 10 }} data-testid="window-closed">
          {detail.windowClosesAt
            ? `The 24-hour window closed ${new Date(detail.windowClosesAt).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" })}.`
            : "This customer has not written yet."}{" "}
          Only an approved template can be sent until they write again.
        </div>
        <TemplatePicker sending={send.isPending} onSend={(template) => send.mutate({ reply: { type: "template", template } })} />
      </div>
    );
  }

  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (send.isPending) return;
    const replyTo = quoting?.id;
    if (flow !== null) {
      const parsed = interactiveMessage.safeParse({ type: "flow", flow, body: text.trim() });
      if (!parsed.success) toast.error(parsed.error.issues[0].path[0] === "body" ? "Write the message the Flow goes with." : "Choose a Flow.");
      else send.mutate({ reply: { type: "interactive", interactive: parsed.data, replyTo } });
    } else if (choices) {
      const drafted = draftMessage(choices, text.trim());
      setChoiceError("error" in drafted ? drafted.error : null);
      if ("message" in drafted) send.mutate({ reply: { type: "interactive", interactive: drafted.message, replyTo } });
    } else if (attachment) send.mutate({ reply: { type: "file", file: attachment.file, text: text.trim(), replyTo } });
    else if (text.trim()) send.mutate({ reply: { type: "text", text: text.trim(), replyTo } });
  }
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files?.[0];
    if (file) attach(file);
  };
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const file = e.clipboardData.files?.[0];
    if (file) {
      e.preventDefault();
      attach(file);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (savedReplies.onKeyDown(e)) return;
    if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <div
      className={`composer${dragging ? " dragging" : ""}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {attachment ? (
        <div className="attachment-preview" data-testid="attachment-preview">
          {attachment.preview ? (
            // biome-ignore lint/performance/noImgElement: a local object URL.
            <img src={attachment.preview} alt="Attachment preview" />
          ) : (
            <span className="media-file-badge">{attachment.file.name.split(".").pop()?.toUpperCase() ?? "FILE"}</span>
          )}
          <span className="small">
            <strong>{attachment.file.name}</strong> · {formatSize(attachment.file.size)}
            <span className="muted"> — the text below becomes its caption</span>
          </span>
          <span className="spacer" />
          <Button size="sm" onClick={() => attach(null)} disabled={send.isPending}>
            Remove
          </Button>
        </div>
      ) : null}
      {quoting ? (
        <div className="reply-quote" data-testid="composer-quote">
          <div className="quote">
            <strong className="small">{quoting.direction === "inbound" ? "Customer" : "You"}</strong>
            <div className="small">{quoting.text || `[${quoting.type}]`}</div>
          </div>
          <Button size="sm" aria-label="Cancel the quote" onClick={() => onQuoted?.()} disabled={send.isPending}>
            ✕
          </Button>
        </div>
      ) : null}
      {choices ? (
        <InteractiveEditor
          draft={choices}
          error={choiceError}
          onChange={(d) => {
            setChoices(d);
            setChoiceError(null);
          }}
        />
      ) : null}
      {flow !== null ? <FlowPicker value={flow} onChange={setFlow} onRemove={() => setFlow(null)} /> : null}
      {/* The tools, on a line of their own so the text box keeps the composer's width: choices for the
          customer to tap (the text below is their message), a file, a voice note. */}
      <div className="row-wrap" style={{ marginBottom: 6 }}>
        {!choices && !attachment && flow === null ? (
          <>
            <Button
              size="sm"
              aria-label="Add reply buttons"
              title="Add up to 3 reply buttons"
              onClick={() => setChoices(emptyDraft("button"))}
              disabled={send.isPending}
            >
              + Buttons
            </Button>
            <Button
              size="sm"
              aria-label="Add a list"
              title="Add a list of up to 10 choices"
              onClick={() => setChoices(emptyDraft("list"))}
              disabled={send.isPending}
            >
              + List
            </Button>
            <Button
              size="sm"
              aria-label="Add a WhatsApp Flow"
              title="Add a registered WhatsApp Flow (a form)"
              onClick={() => setFlow("")}
              disabled={send.isPending}
            >
              + Flow
            </Button>
          </>
        ) : null}
        <Button
          size="sm"
          aria-label="Attach a file"
          title="Attach a file (or drop or paste one)"
          onClick={() => fileInput.current?.click()}
          disabled={send.isPending}
        >
          Attach
        </Button>
        <VoiceRecorder conversationId={id} disabled={send.isPending} />
      </div>
      {savedReplies.menu}
      <form className="reply-form" onSubmit={submit}>
        <input
          ref={fileInput}
          type="file"
          hidden
          data-testid="attach-input"
          accept="image/jpeg,image/png,audio/*,video/mp4,video/3gpp,application/pdf,text/plain,text/csv,.doc,.docx,.xls,.xlsx,.ppt,.pptx"
          onChange={(e) => attach(e.target.files?.[0] ?? null)}
        />
        <Textarea
          id="reply"
          aria-label="Reply"
          placeholder={attachment ? "Add a caption… (Enter to send)" : "Write a reply… (Enter to send, Shift+Enter for a new line)"}
          value={text}
          onChange={(e) => typed(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          rows={2}
          maxLength={4096}
        />
        <Button type="submit" variant="primary" loading={send.isPending} disabled={!text.trim() && !attachment && !choices && flow === null}>
          Send
        </Button>
      </form>
      {detail.windowClosesAt ? (
        <div className="small muted" style={{ marginTop: 4 }}>
          Free text allowed until {new Date(detail.windowClosesAt).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" })}.
        </div>
      ) : null}
      <ConfirmDialog
        open={!!conflict}
        title="Someone else replied"
        message={
          conflict ? (
            <p data-testid="reply-conflict">
              <strong>{conflict.meanwhile.name}</strong> replied {conflict.meanwhile.at ? ago(conflict.meanwhile.at) : "meanwhile"}: “
              {conflict.meanwhile.text}”. Send anyway?
            </p>
          ) : null
        }
        confirmLabel="Send anyway"
        busy={send.isPending}
        onConfirm={() => conflict && send.mutate({ reply: conflict.reply, force: true })}
        onCancel={() => {
          // The member has now seen the reply: their next send is judged from here.
          seenUpTo.current = latestSeen;
          setConflict(null);
        }}
      />
    </div>
  );
}
