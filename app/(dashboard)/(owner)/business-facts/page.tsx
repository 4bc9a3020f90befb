import type { Metadata } from "next";
import { BusinessFactsView } from "@/components/business-facts/business-facts-view";

export const metadata: Metadata = { title: "Business facts" };

export default function BusinessFactsPage() {
  return <BusinessFactsView />;
}
