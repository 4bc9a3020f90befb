import type { Metadata } from "next";
import { AccountView } from "@/components/account/account-view";
import { requireSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Your account" };

// Open to every signed-in member, owners and agents alike.
export default async function AccountPage() {
  const session = await requireSession({ role: "agent" });
  return <AccountView email={session.email} name={session.name} role={session.role} />;
}
