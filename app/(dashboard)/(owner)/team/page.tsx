import type { Metadata } from "next";
import { TeamView } from "@/components/team/team-view";
import { requireSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const session = await requireSession({ role: "owner" });
  return <TeamView currentUserId={session.userId} />;
}
