"use client";
import { useState } from "react";
import { Tabs } from "@/components/ui";
import { NoteBox } from "./note-box";
import { ReplyBox } from "./reply-box";
import type { ConversationDetail, Message } from "./types";
import "./team-inbox.css";

/** The bottom of the thread: a reply to the customer, or an internal note for the team. */
export function Composer({ detail, quoting, onQuoted }: { detail: ConversationDetail; quoting?: Message | null; onQuoted?: () => void }) {
  const [mode, setMode] = useState<"reply" | "note">("reply");
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
      {mode === "reply" ? <ReplyBox detail={detail} quoting={quoting} onQuoted={onQuoted} /> : <NoteBox conversationId={detail.conversation.id} />}
    </div>
  );
}
