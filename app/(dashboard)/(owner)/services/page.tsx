import type { Metadata } from "next";
import { ServicesStaffView } from "@/components/appointments/services-staff-view";

export const metadata: Metadata = { title: "Services and staff" };

export default function ServicesPage() {
  return <ServicesStaffView />;
}
