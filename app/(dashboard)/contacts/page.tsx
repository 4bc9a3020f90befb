import type { Metadata } from "next";
import { ContactsView } from "@/components/contacts/contacts-view";
import { requireSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Contacts" };

export default async function ContactsPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const session = await requireSession({ role: "agent" });
  const { contact } = await searchParams;
  return <ContactsView openContactId={contact} isOwner={session.role === "owner"} />;
}
