import type { Metadata } from "next";
import { RecordsView } from "@/components/records/records-view";
import { requireSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Records" };

export default async function RecordsPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  await requireSession({ role: "agent" });
  const { collection } = await searchParams;
  return <RecordsView initialCollection={collection} />;
}
