import type { Metadata } from "next";
import Link from "next/link";
import { AcceptInviteForm } from "@/components/auth/accept-invite-form";
import { db } from "@/lib/db/client";
import { describeInvite } from "@/lib/team/invites";

export const metadata: Metadata = { title: "Join the team", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

// /invite/{token}: the one-time link an owner shared. A used, revoked, expired or unknown link says so.
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invite = token.length <= 200 ? await describeInvite(db(), token) : null;
  if (!invite) {
    return (
      <>
        <h1>This invite link is no longer valid</h1>
        <p className="muted">It was already used, revoked, or it expired. Ask an owner of the business for a new one.</p>
        <Link href="/sign-in">Go to sign in</Link>
      </>
    );
  }
  return (
    <>
      <h1>Join {invite.businessName}</h1>
      <p className="muted" style={{ marginTop: 0 }}>
        You were invited as {invite.role === "owner" ? "an owner" : "an agent"}. Choose your name and password to finish.
      </p>
      <AcceptInviteForm token={token} email={invite.email} />
    </>
  );
}
