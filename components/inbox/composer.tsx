"use client";
import { useEffect, useState } from "react";
import { Tabs } from "@/components/ui";
import { NoteBox } from "./note-box";
import { ReplyBox } from "./reply-box";
import type { ConversationDetail, Message } from "./types";
import "./team-inbox.css";

/** The bottom of the thread: a reply to the customer, or an internal note for the team. */
export function Composer({
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
  /** The latest message of the thread this member has on screen. */
  latestSeen: string | null;
  /** A reply to put in the box (a completed skill's confirmation); `n` changes each time. */
  draft: { text: string; n: number } | null;
  onTyping: (typing: boolean) => void;
  /** The message the reply quotes ("Reply" on a message), until it is sent or dropped. */
  quoting?: Message | null;
  onQuoted?: () => void;
}) {
  const [mode, setMode] = useState<"reply" | "note">("reply");
  // A suggested reply opens the reply tab.
  useEffect(() => {
    if (draft) setMode("reply");
  }, [draft]);
  return (
    <div className="composer-switch">
      <Tabs
        label="Write"
        value={mode}
        onChange={(id) => setMode(id as "reply" | "note")}
        tabs={[
          { id: "reply", label: "Reply" },
          { id: "note", label: "Internal note" },
        ]}
      />
      {mode === "reply" ? (
        <ReplyBox
          detail={detail}
          currentUserId={currentUserId}
          latestSeen={latestSeen}
          draft={draft}
          onTyping={onTyping}
          quoting={quoting}
          onQuoted={onQuoted}
        />
      ) : (
        <NoteBox conversationId={detail.conversation.id} />
      )}
    </div>
  );
}
