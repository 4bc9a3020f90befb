"use client";
import "@/components/common/common.css";
import "./appointments.css";
import { useState } from "react";
import { errorMessage } from "@/components/data/fetcher";
import { useMoneyFormat } from "@/components/data/use-money-format";
import { Badge, Button, Card, ConfirmDialog, EmptyState, ErrorState, PageHeader, Skeleton, Table, useToast } from "@/components/ui";
import type { ServiceOut, StaffOut } from "@/lib/appointments/schema";
import { formatMoney } from "@/lib/shared/locale-format";
import { ServiceDialog } from "./service-dialog";
import { ReminderSettings } from "./reminder-settings";
import { StaffCalendarDialog } from "./staff-calendar-dialog";
import { StaffDialog } from "./staff-dialog";
import { useDelete, useServiceList, useStaffList } from "./use-appointments";

const dayShort: Record<string, string> = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };
const order = Object.keys(dayShort);

/** One line per working day, "Mon 09:00-13:00, 14:00-18:00", so a phone wraps it instead of clipping. */
function HoursSummary({ weekly }: { weekly: Record<string, string[]> }) {
  const days = order.filter((d) => weekly[d]?.length);
  if (!days.length) return <span className="muted">No hours</span>;
  return (
    <span className="staff-hours">
      {days.map((d) => (
        <span key={d}>
          {dayShort[d]} {weekly[d].join(", ")}
        </span>
      ))}
    </span>
  );
}

const serviceName = (s: ServiceOut, lang: string) => s.name[lang] ?? s.name.en ?? Object.values(s.name)[0] ?? s.id;

type Deleting = { kind: "staff"; row: StaffOut } | { kind: "services"; row: ServiceOut };

/** /services: the services a business books by appointment and the staff members who perform them. */
export function ServicesStaffView() {
  const toast = useToast();
  const money = useMoneyFormat();
  const staff = useStaffList();
  const services = useServiceList();
  const [editingStaff, setEditingStaff] = useState<StaffOut | "new" | null>(null);
  const [editingService, setEditingService] = useState<ServiceOut | "new" | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [calendarOf, setCalendarOf] = useState<StaffOut | null>(null);
  const removeStaff = useDelete("staff");
  const removeService = useDelete("services");
  const staffRows = [...(staff.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const serviceRows = [...(services.data ?? [])].sort((a, b) => serviceName(a, money.language).localeCompare(serviceName(b, money.language)));
  const staffName = new Map(staffRows.map((m) => [m.id, m.name]));
  const serviceNames = new Map(serviceRows.map((s) => [s.id, serviceName(s, money.language)]));
  const deletingName = deleting ? (deleting.kind === "staff" ? deleting.row.name : serviceName(deleting.row, money.language)) : "";

  function confirmDelete() {
    if (!deleting) return;
    const mutation = deleting.kind === "staff" ? removeStaff : removeService;
    mutation.mutate(deleting.row.id, {
      onSuccess: () => toast.success(`Deleted ${deletingName}.`),
      onError: (err) => toast.error(errorMessage(err)),
      onSettled: () => setDeleting(null),
    });
  }

  return (
    <>
      <PageHeader
        title="Services and staff"
        description="What customers book by appointment, how long it takes and who performs it; each person's hours, breaks and time off, in the business's time zone."
        actions={
          <div className="row">
            <Button onClick={() => setEditingStaff("new")}>New staff member</Button>
            <Button variant="primary" onClick={() => setEditingService("new")}>
              New service
            </Button>
          </div>
        }
      />
      <section className="appointments-section" aria-labelledby="staff-heading">
        <h2 id="staff-heading">Staff</h2>
        {staff.isPending ? (
          <Card>
            <Skeleton lines={3} />
          </Card>
        ) : staff.isError ? (
          <Card>
            <ErrorState error={staff.error} title="Could not load the staff" onRetry={() => staff.refetch()} />
          </Card>
        ) : !staffRows.length ? (
          <Card>
            <EmptyState icon="⚇" title="No staff members yet" action={<Button onClick={() => setEditingStaff("new")}>Add a staff member</Button>}>
              Add the people who take appointments, with the hours they work.
            </EmptyState>
          </Card>
        ) : (
          <Table
            caption="Staff"
            rows={staffRows}
            rowKey={(m) => m.id}
            columns={[
              { key: "name", header: "Name", render: (m) => <strong>{m.name}</strong> },
              { key: "hours", header: "Hours", render: (m) => <HoursSummary weekly={m.weekly} /> },
              {
                key: "services",
                header: "Services",
                render: (m) =>
                  m.serviceIds.length ? m.serviceIds.map((id) => serviceNames.get(id) ?? id).join(", ") : <span className="muted">None</span>,
              },
              {
                key: "status",
                header: "Status",
                render: (m) => <Badge tone={m.active ? "success" : "neutral"}>{m.active ? "Active" : "Inactive"}</Badge>,
              },
              {
                key: "actions",
                header: <span className="sr-only">Actions</span>,
                render: (m) => (
                  <div className="row" style={{ justifyContent: "flex-end" }}>
                    <Button size="sm" onClick={() => setEditingStaff(m)} aria-label={`Edit ${m.name}`}>
                      Edit
                    </Button>
                    <Button size="sm" onClick={() => setCalendarOf(m)} aria-label={`Calendars of ${m.name}`}>
                      Calendar
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setDeleting({ kind: "staff", row: m })} aria-label={`Delete ${m.name}`}>
                      Delete
                    </Button>
                  </div>
                ),
              },
            ]}
          />
        )}
      </section>
      <section className="appointments-section" aria-labelledby="services-heading">
        <h2 id="services-heading">Services</h2>
        {services.isPending ? (
          <Card>
            <Skeleton lines={3} />
          </Card>
        ) : services.isError ? (
          <Card>
            <ErrorState error={services.error} title="Could not load the services" onRetry={() => services.refetch()} />
          </Card>
        ) : !serviceRows.length ? (
          <Card>
            <EmptyState icon="◷" title="No services yet" action={<Button onClick={() => setEditingService("new")}>Add a service</Button>}>
              A haircut, a check-up, an oil change: name it in your languages, say how long it takes and who performs it.
            </EmptyState>
          </Card>
        ) : (
          <Table
            caption="Services"
            rows={serviceRows}
            rowKey={(s) => s.id}
            columns={[
              { key: "name", header: "Service", render: (s) => <strong>{serviceName(s, money.language)}</strong> },
              {
                key: "duration",
                header: "Duration",
                render: (s) => `${s.durationMinutes} min${s.bufferAfterMinutes ? ` + ${s.bufferAfterMinutes} free` : ""}`,
              },
              {
                key: "price",
                header: "Price",
                render: (s) => (s.price ? formatMoney(s.price.amount, s.price.currency, money.language) : <span className="muted">—</span>),
              },
              {
                key: "staff",
                header: "Performed by",
                render: (s) =>
                  s.staffIds.length ? s.staffIds.map((id) => staffName.get(id) ?? id).join(", ") : <span className="muted">Nobody yet</span>,
              },
              {
                key: "status",
                header: "Status",
                render: (s) => <Badge tone={s.active ? "success" : "neutral"}>{s.active ? "Active" : "Inactive"}</Badge>,
              },
              {
                key: "actions",
                header: <span className="sr-only">Actions</span>,
                render: (s) => (
                  <div className="row" style={{ justifyContent: "flex-end" }}>
                    <Button size="sm" onClick={() => setEditingService(s)} aria-label={`Edit ${serviceName(s, money.language)}`}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setDeleting({ kind: "services", row: s })}
                      aria-label={`Delete ${serviceName(s, money.language)}`}
                    >
                      Delete
                    </Button>
                  </div>
                ),
              },
            ]}
          />
        )}
      </section>
      <ReminderSettings />
      {calendarOf && <StaffCalendarDialog member={calendarOf} onClose={() => setCalendarOf(null)} />}
      {editingStaff ? <StaffDialog member={editingStaff === "new" ? null : editingStaff} onClose={() => setEditingStaff(null)} /> : null}
      {editingService ? (
        <ServiceDialog service={editingService === "new" ? null : editingService} staff={staffRows} onClose={() => setEditingService(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deletingName}?`}
        message="One with appointments cannot be deleted: set it inactive instead, so its history stays whole."
        confirmLabel="Delete"
        danger
        busy={removeStaff.isPending || removeService.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
