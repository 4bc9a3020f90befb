import type { Metadata } from "next";
import { AppointmentsView } from "@/components/appointments/appointments-view";
import { requireSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Appointments" };

export default async function AppointmentsPage() {
  await requireSession({ role: "agent" });
  return <AppointmentsView />;
}
