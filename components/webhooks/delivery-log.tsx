"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { Badge, Button, EmptyState, ErrorState, Skeleton, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import type { AttemptOut } from "@/lib/webhooks/webhook-schema";
import { type Delivery, endpointUrl } from "./types";

const time = (iso: string) =>
  new Date(iso).toLocaleString("en", { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" });
const tone = { succeeded: "success", failed: "danger", pending: "warning" } as const;

function code(statusCode: number | null, error: string | null) {
  if (statusCode === null) return <span className="text-danger">{error ? "no answer" : "—"}</span>;
  return <Badge tone={statusCode >= 200 && statusCode < 300 ? "success" : "danger"}>{statusCode}</Badge>;
}

/** One endpoint's deliveries, newest first; refreshed while any is pending; each can be re-sent or opened. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const [open, setOpen] = useState<string | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const log = useQuery({
    queryKey: ["webhooks", endpointId, "deliveries", cursor],
    queryFn: () =>
      apiFetch<{ data: Delivery[]; nextCursor: string | null }>(endpointUrl(endpointId, "/deliveries", true), { query: { limit: 25, cursor } }),
    refetchInterval: (q) => (q.state.data?.data.some((d) => d.status === "pending") ? 1500 : 10_000),
  });
  const resend = useMutation({
    mutationFn: (deliveryId: string) => apiFetch(endpointUrl(endpointId, `/deliveries/${encodeURIComponent(deliveryId)}/retry`), { method: "POST" }),
    onSuccess: () => {
      toast.success("Sending it again now.");
      client.invalidateQueries({ queryKey: ["webhooks", endpointId, "deliveries"] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });

  if (log.isPending) return <Skeleton lines={3} />;
  if (log.isError) return <ErrorState error={log.error} title="Could not load the deliveries" onRetry={() => log.refetch()} />;
  if (!log.data.data.length && !cursor) {
    return (
      <EmptyState icon="⇄" title="No deliveries yet">
        Events this endpoint subscribes to appear here as they are sent. Try “Send test event”.
      </EmptyState>
    );
  }
  return (
    <>
      <div className="table-wrap">
        <table className="table" aria-label="Deliveries">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Response</th>
              <th scope="col">Response body</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {log.data.data.map((d) => (
              <Fragment key={d.id}>
                <tr data-testid={`delivery-${d.id}`}>
                  <td>
                    <code>{d.eventType}</code>
                    <div className="muted small mono">{d.id}</div>
                  </td>
                  <td>
                    <Badge tone={tone[d.status]}>{d.status}</Badge>
                    <div className="muted small">
                      {d.attempts} attempt{d.attempts === 1 ? "" : "s"}
                      {d.nextAttemptAt ? `, next ${time(d.nextAttemptAt)}` : ""}
                    </div>
                  </td>
                  <td style={{ whiteSpace: "nowrap" }}>
                    {d.lastAttempt ? (
                      <>
                        {code(d.lastAttempt.statusCode, d.lastAttempt.error)} <span className="muted small">{d.lastAttempt.durationMs} ms</span>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="cell-clip mono small" style={{ maxWidth: 170 }} title={d.lastAttempt?.responseBody ?? d.lastAttempt?.error ?? ""}>
                    {d.lastAttempt?.error ?? d.lastAttempt?.responseBody ?? ""}
                  </td>
                  <td className="small" style={{ whiteSpace: "nowrap" }}>
                    {time(d.createdAt)}
                  </td>
                  <td>
                    <div className="row" style={{ justifyContent: "flex-end" }}>
                      <Button size="sm" variant="ghost" aria-expanded={open === d.id} onClick={() => setOpen(open === d.id ? null : d.id)}>
                        {open === d.id ? "Hide" : "Attempts"}
                      </Button>
                      <Button size="sm" onClick={() => resend.mutate(d.id)} loading={resend.isPending && resend.variables === d.id}>
                        Redeliver
                      </Button>
                    </div>
                  </td>
                </tr>
                {open === d.id ? (
                  <tr>
                    <td colSpan={6} style={{ background: "var(--surface-2)" }}>
                      <Attempts endpointId={endpointId} deliveryId={d.id} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      <div className="pager">
        {cursor ? (
          <Button size="sm" onClick={() => setCursor(null)}>
            Newest
          </Button>
        ) : null}
        {log.data.nextCursor ? (
          <Button size="sm" onClick={() => setCursor(log.data.nextCursor)}>
            Older
          </Button>
        ) : null}
      </div>
    </>
  );
}

function Attempts({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) {
  const attempts = useQuery({
    queryKey: ["webhooks", endpointId, "attempts", deliveryId],
    queryFn: () => apiFetch<{ data: AttemptOut[] }>(endpointUrl(endpointId, `/deliveries/${encodeURIComponent(deliveryId)}/attempts`, true)),
  });
  if (attempts.isPending) return <Skeleton lines={2} />;
  if (attempts.isError) return <ErrorState error={attempts.error} />;
  if (!attempts.data.data.length) return <span className="muted">Not attempted yet.</span>;
  return (
    <ol className="attempt-list">
      {attempts.data.data.map((a) => (
        <li key={a.id}>
          <div className="row">
            {code(a.statusCode, a.error)}
            <span className="muted small">
              {time(a.createdAt)} · {a.durationMs} ms
            </span>
            {a.error ? <span className="text-danger small">{a.error}</span> : null}
          </div>
          {a.responseBody ? <pre className="json-block small">{a.responseBody}</pre> : null}
        </li>
      ))}
    </ol>
  );
}
