"use client";
import { useQuery } from "@tanstack/react-query";
import { Card, EmptyState, ErrorState, Skeleton } from "@/components/ui";
import { apiFetch } from "@/components/data/fetcher";
import { formatBytes } from "@/lib/shared/media-limits";
import type { StorageUsage } from "@/lib/media/storage-quota";

/** Settings › Privacy: the space the business's files take (customers' photos, documents, uploads) and its quota. */
export function StorageCard() {
  const usage = useQuery({ queryKey: ["media-storage"], queryFn: () => apiFetch<StorageUsage>("/v1/internal/media/storage") });
  return (
    <Card>
      <section className="stack" aria-label="File storage">
        <h2 style={{ margin: 0 }}>File storage</h2>
        {usage.isPending ? (
          <Skeleton lines={2} />
        ) : usage.isError ? (
          <ErrorState error={usage.error} title="Could not load the file storage" onRetry={() => usage.refetch()} />
        ) : (
          <StorageUsed usage={usage.data} />
        )}
      </section>
    </Card>
  );
}

function StorageUsed({ usage }: { usage: StorageUsage }) {
  const quota = formatBytes(usage.quotaBytes);
  const share = usage.quotaBytes > 0 ? Math.min(1, usage.usedBytes / usage.quotaBytes) : 1;
  return (
    <>
      {usage.files === 0 ? (
        <EmptyState title="No files stored yet" icon="🗂">
          Photos, voice notes and documents from customers, and files you send, are kept here. Your business may store up to {quota}.
        </EmptyState>
      ) : (
        <div className="stack" style={{ gap: 4 }}>
          <div
            className="progress"
            role="progressbar"
            aria-label="File storage used"
            aria-valuemin={0}
            aria-valuemax={usage.quotaBytes}
            aria-valuenow={Math.min(usage.usedBytes, usage.quotaBytes)}
          >
            <div className="progress-bar" style={{ width: `${share * 100}%` }} />
          </div>
          <p data-testid="storage-used" style={{ margin: 0 }}>
            <strong>{formatBytes(usage.usedBytes)}</strong> of {quota} used ({usage.files.toLocaleString("en")} {usage.files === 1 ? "file" : "files"}
            )
          </p>
        </div>
      )}
      <p className="muted small" style={{ margin: 0 }}>
        A file that would pass the limit is refused. Files no message uses are deleted 24 hours after they were stored.{" "}
        {usage.quotaSource === "business" ? "Your server's operator set this limit for your business." : "The limit is your server's default."}
      </p>
    </>
  );
}
