"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import { Button, Card, ErrorState, Select, Skeleton, useToast } from "@/components/ui";
import type { AppointmentSettingsOut } from "@/lib/appointments/reminder-schema";
import type { Page } from "@/lib/pagination";
import type { TemplateOut } from "@/lib/shared/template-schema";

// The reminders' setting (docs/appointments.md, "Reminders"): on or off, how long before, and which
// approved utility template with confirm / reschedule / cancel quick replies carries it.

const leads = [
  { value: "60", label: "1 hour before" },
  { value: "120", label: "2 hours before" },
  { value: "240", label: "4 hours before" },
  { value: "720", label: "12 hours before" },
  { value: "1440", label: "24 hours before" },
  { value: "2880", label: "48 hours before" },
];

export function ReminderSettings() {
  const toast = useToast();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: ["appointment-settings"], queryFn: () => apiFetch<AppointmentSettingsOut>("/v1/appointment-settings") });
  const templates = useQuery({
    queryKey: ["appointment-settings", "templates"],
    queryFn: () => apiFetch<Page<TemplateOut>>("/v1/templates", { query: { limit: 200 } }),
  });
  const [draft, setDraft] = useState<{ enabled: boolean; lead: string; template: string } | null>(null);
  useEffect(() => {
    if (settings.data && !draft) {
      const r = settings.data.reminders;
      setDraft({ enabled: r.enabled, lead: String(r.leadMinutes), template: r.template ? `${r.template.name}|${r.template.language}` : "" });
    }
  }, [settings.data, draft]);
  const save = useMutation({
    mutationFn: (d: { enabled: boolean; lead: string; template: string }) => {
      const [name, language] = d.template.split("|");
      return apiFetch<AppointmentSettingsOut>("/v1/appointment-settings", {
        method: "PATCH",
        body: { reminders: { enabled: d.enabled, leadMinutes: Number(d.lead), template: d.template ? { name, language } : null } },
      });
    },
    onSuccess: (out) => {
      client.setQueryData(["appointment-settings"], out);
      toast.success(out.reminders.enabled ? "Reminders are on." : "Reminders are off.");
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const fit = (templates.data?.data ?? []).filter(
    (t) => t.category === "utility" && t.status === "approved" && t.buttons.slice(0, 3).filter((b) => b.type === "quick_reply").length === 3,
  );
  const leadOptions =
    leads.some((l) => l.value === draft?.lead) || !draft ? leads : [...leads, { value: draft.lead, label: `${draft.lead} minutes before` }];

  return (
    <section className="appointments-section" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading">Reminders</h2>
      {settings.isPending || templates.isPending || !draft ? (
        settings.isError || templates.isError ? (
          <Card>
            <ErrorState
              error={settings.error ?? templates.error}
              title="Could not load the reminder settings"
              onRetry={() => {
                settings.refetch();
                templates.refetch();
              }}
            />
          </Card>
        ) : (
          <Card>
            <Skeleton lines={3} />
          </Card>
        )
      ) : (
        <Card>
          <form
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(draft);
            }}
          >
            <p className="muted">
              A WhatsApp template goes to the customer before each booked appointment, with buttons to confirm, reschedule or cancel it. Its body may
              name the service, staff member, time and business: {"{{1}}"} to {"{{4}}"} in that order.
            </p>
            <label className="row">
              <input type="checkbox" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} />
              Send reminders
            </label>
            <Select
              id="reminder-lead"
              label="When"
              options={leadOptions}
              value={draft.lead}
              onChange={(e) => setDraft({ ...draft, lead: e.target.value })}
            />
            <Select
              id="reminder-template"
              label="Template"
              hint={fit.length ? "Approved utility templates whose first three buttons are quick replies." : undefined}
              options={[
                { value: "", label: fit.length ? "Choose a template" : "No fitting template yet" },
                ...fit.map((t) => ({ value: `${t.name}|${t.language}`, label: `${t.name} (${t.language})` })),
              ]}
              value={draft.template}
              onChange={(e) => setDraft({ ...draft, template: e.target.value })}
            />
            <div className="row">
              <Button type="submit" variant="primary" disabled={save.isPending}>
                Save reminders
              </Button>
            </div>
          </form>
        </Card>
      )}
    </section>
  );
}
