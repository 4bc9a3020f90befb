"use client";
import { Card, ErrorState } from "@/components/ui";

// An unexpected failure while rendering a dashboard page: say so inside the shell, offer a retry.
export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <Card>
      <ErrorState
        error={new Error(error.digest ? `Something went wrong on our side (reference ${error.digest}).` : "Something went wrong on our side.")}
        title="This page could not be shown"
        onRetry={reset}
      />
    </Card>
  );
}
