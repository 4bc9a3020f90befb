"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { apiFetch } from "@/components/data/fetcher";
import { formatFieldValue } from "@/components/records/record-format";
import type { RecordLayout, RecordRow } from "@/components/records/records-csv";
import { Badge, ErrorState, Skeleton } from "@/components/ui";
import type { Page } from "./types";

const tone: Record<string, "accent" | "success" | "danger" | "neutral"> = {
  booked: "accent",
  confirmed: "success",
  completed: "success",
  cancelled: "danger",
  no_show: "danger",
};

/** The appointments the assistant booked in this conversation (issue 40): service, person, time and status. */
export function ConversationAppointments({ conversationId }: { conversationId: string }) {
  const rows = useQuery({
    queryKey: ["conversation-appointments", conversationId],
    queryFn: ({ signal }) => apiFetch<Page<RecordRow>>("/v1/internal/records/appointments", { query: { conversationId, limit: 20 }, signal }),
    refetchInterval: 5000,
  });
  const layout = useQuery({
    queryKey: ["record-layout", "appointments"],
    queryFn: ({ signal }) => apiFetch<RecordLayout>("/v1/internal/records/appointments/layout", { signal }),
  });
  const timeZone = layout.data?.timeZone ?? "UTC";
  return (
    <div>
      <h3 style={{ marginBottom: 6 }}>Appointments</h3>
      {rows.isPending ? (
        <Skeleton lines={2} />
      ) : rows.isError ? (
        <ErrorState error={rows.error} title="Could not load appointments" onRetry={() => rows.refetch()} />
      ) : rows.data.data.length === 0 ? (
        <div className="muted small">None booked in this conversation</div>
      ) : (
        <div className="stack" data-testid="conversation-appointments">
          {rows.data.data.map((r) => (
            <div key={r.id} className="small">
              <div className="row">
                <strong>{String(r.fields.service ?? "")}</strong>
                <Badge tone={tone[r.status ?? ""] ?? "neutral"}>{(r.status ?? "").replace("_", " ")}</Badge>
              </div>
              <div>
                {formatFieldValue(r.fields.start, timeZone)}
                {r.fields.staff ? ` · ${String(r.fields.staff)}` : ""}
              </div>
            </div>
          ))}
          <Link href="/records?collection=appointments" className="small">
            All appointments →
          </Link>
        </div>
      )}
    </div>
  );
}
