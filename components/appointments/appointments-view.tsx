"use client";
import "@/components/common/common.css";
import "./appointments.css";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import { Badge, Button, Card, EmptyState, ErrorState, PageHeader, Skeleton, Table, useToast } from "@/components/ui";
import type { AppointmentOut } from "@/lib/appointments/schema";
import type { Page } from "@/lib/pagination";
import { useServiceList, useStaffList } from "./use-appointments";

// /appointments: the appointments of the last 30 days and ahead, where staff mark the outcome (completed
// or no-show, counted by the reports) or cancel. Open to agents (appointments:read/write).

const tones: Record<string, "success" | "neutral" | "warning" | "danger"> = {
  booked: "neutral",
  confirmed: "success",
  cancelled: "neutral",
  no_show: "danger",
  completed: "success",
};
const labels: Record<string, string> = {
  booked: "Booked",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  no_show: "No-show",
  completed: "Completed",
};
const KEY = ["appointments-view"] as const;

export function AppointmentsView() {
  const toast = useToast();
  const client = useQueryClient();
  const staff = useStaffList();
  const services = useServiceList();
  const list = useQuery({
    queryKey: KEY,
    queryFn: () =>
      apiFetch<Page<AppointmentOut>>("/v1/appointments", {
        query: { limit: 200, from: new Date(Date.now() - 30 * 86_400_000).toISOString() },
      }),
  });
  const mark = useMutation({
    mutationFn: ({ id, status }: { id: string; status: AppointmentOut["status"] }) =>
      apiFetch<AppointmentOut>(`/v1/appointments/${encodeURIComponent(id)}`, { method: "PATCH", body: { status } }),
    onSuccess: (a) => {
      toast.success(`Marked ${labels[a.status].toLowerCase()}.`);
      client.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const staffName = new Map((staff.data ?? []).map((m) => [m.id, m.name]));
  const serviceName = new Map((services.data ?? []).map((s) => [s.id, s.name.en ?? Object.values(s.name)[0] ?? s.id]));
  const rows = [...(list.data?.data ?? [])].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));

  return (
    <>
      <PageHeader
        title="Appointments"
        description="The last 30 days and ahead. Mark who came (completed) and who did not (no-show); the reports count them."
      />
      {list.isPending ? (
        <Card>
          <Skeleton lines={4} />
        </Card>
      ) : list.isError ? (
        <Card>
          <ErrorState error={list.error} title="Could not load the appointments" onRetry={() => list.refetch()} />
        </Card>
      ) : !rows.length ? (
        <Card>
          <EmptyState icon="◷" title="No appointments yet">
            Appointments booked by customers, through the API or by the assistant show here.
          </EmptyState>
        </Card>
      ) : (
        <Table
          caption="Appointments"
          rows={rows}
          rowKey={(a) => a.id}
          columns={[
            { key: "start", header: "When", render: (a) => <strong>{a.start.slice(0, 16).replace("T", " ")}</strong> },
            { key: "service", header: "Service", render: (a) => serviceName.get(a.serviceId) ?? a.serviceId },
            { key: "staff", header: "Staff", render: (a) => staffName.get(a.staffId) ?? a.staffId },
            { key: "status", header: "Status", render: (a) => <Badge tone={tones[a.status]}>{labels[a.status]}</Badge> },
            {
              key: "actions",
              header: <span className="sr-only">Actions</span>,
              render: (a) => (
                <div className="row" style={{ justifyContent: "flex-end", flexWrap: "wrap" }}>
                  {a.status !== "completed" && (
                    <Button size="sm" onClick={() => mark.mutate({ id: a.id, status: "completed" })} aria-label={`Completed ${a.start}`}>
                      Completed
                    </Button>
                  )}
                  {a.status !== "no_show" && (
                    <Button size="sm" onClick={() => mark.mutate({ id: a.id, status: "no_show" })} aria-label={`No-show ${a.start}`}>
                      No-show
                    </Button>
                  )}
                  {(a.status === "booked" || a.status === "confirmed") && (
                    <Button size="sm" variant="ghost" onClick={() => mark.mutate({ id: a.id, status: "cancelled" })} aria-label={`Cancel ${a.start}`}>
                      Cancel
                    </Button>
                  )}
                </div>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
