import type { Metadata } from "next";
import { InboxView } from "@/components/inbox/inbox-view";
import { requireSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Inbox" };

export default async function InboxPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const session = await requireSession({ role: "agent" });
  const q = await searchParams;
  return (
    <InboxView
      currentUserId={session.userId}
      isOwner={session.role === "owner"}
      initial={{ conversationId: q.c, contactId: q.contact, status: q.status, assignee: q.assignee }}
    />
  );
}
