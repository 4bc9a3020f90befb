import type { Metadata } from "next";
import { FlowsView } from "@/components/flows/flows-view";

export const metadata: Metadata = { title: "WhatsApp Flows" };

export default function FlowsPage() {
  return <FlowsView />;
}
