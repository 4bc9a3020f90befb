import type { Metadata } from "next";
import { BusinessHoursView } from "@/components/business-hours/business-hours-view";

export const metadata: Metadata = { title: "Business hours" };

export default function BusinessHoursPage() {
  return <BusinessHoursView />;
}
