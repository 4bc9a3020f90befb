import type { Metadata } from "next";
import { ChannelView } from "@/components/channel/channel-view";

export const metadata: Metadata = { title: "Channel" };

export default function ChannelPage() {
  return <ChannelView />;
}
