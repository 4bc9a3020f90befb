import { LoadingState } from "@/components/ui";

// Shown inside the shell while a dashboard page's server part loads.
export default function DashboardLoading() {
  return <LoadingState label="Loading the page…" />;
}
