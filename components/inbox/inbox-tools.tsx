"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Button, Dialog, Input, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import { AvailabilityControl } from "./availability-control";
import { ALERTS_CHANGED, alertsEnabled, setAlertsEnabled } from "./handoff-alerts";
import "./team-inbox.css";

/** The inbox header's tools: the per-browser handoff alert toggle, and (owners) the handoff settings. */
export function InboxTools({ isOwner }: { isOwner: boolean }) {
  return (
    <div className="inbox-tools">
      <AvailabilityControl />
      <AlertsToggle />
      {isOwner ? <InboxSettingsButton /> : null}
    </div>
  );
}

function AlertsToggle() {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const sync = () => setOn(alertsEnabled());
    sync();
    window.addEventListener(ALERTS_CHANGED, sync);
    return () => window.removeEventListener(ALERTS_CHANGED, sync);
  }, []);
  return (
    <label className="row small" style={{ gap: 6 }}>
      <input
        type="checkbox"
        checked={on}
        onChange={async (e) => {
          const next = e.target.checked;
          if (next && typeof Notification !== "undefined" && Notification.permission === "default") {
            await Notification.requestPermission().catch(() => "denied");
          }
          setAlertsEnabled(next);
        }}
      />
      Sound and notification for new handoffs
    </label>
  );
}

type Settings = {
  resumeAfterMinutes: number | null;
  autoAssign: boolean;
  slaFirstResponseMinutes: number | null;
  slaResolutionMinutes: number | null;
  satisfactionSurvey: boolean;
};

/** An optional whole number of minutes typed in a box: null when empty, NaN when not valid. */
function minutesOf(text: string, max: number): number | null {
  if (text.trim() === "") return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : Number.NaN;
}

function InboxSettingsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        Handoff settings
      </Button>
      {open ? <InboxSettingsDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function InboxSettingsDialog({ onClose }: { onClose: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const settings = useQuery({ queryKey: ["inbox-settings"], queryFn: ({ signal }) => apiFetch<Settings>("/v1/internal/inbox/settings", { signal }) });
  const [minutes, setMinutes] = useState<string | null>(null);
  const [autoAssign, setAutoAssign] = useState<boolean | null>(null);
  const [firstResponse, setFirstResponse] = useState<string | null>(null);
  const [resolution, setResolution] = useState<string | null>(null);
  const [survey, setSurvey] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (body: Settings) => apiFetch<Settings>("/v1/internal/inbox/settings", { method: "PATCH", body }),
    onSuccess: (saved) => {
      client.setQueryData(["inbox-settings"], saved);
      toast.success("Handoff settings saved.");
      onClose();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const current = settings.data;
  const minutesValue = minutes ?? (current?.resumeAfterMinutes ? String(current.resumeAfterMinutes) : "");
  const autoValue = autoAssign ?? current?.autoAssign ?? false;
  const surveyValue = survey ?? current?.satisfactionSurvey ?? true;
  const parsed = minutesValue.trim() === "" ? null : Number(minutesValue);
  const invalid = parsed !== null && (!Number.isInteger(parsed) || parsed < 1 || parsed > 10_080);
  const frText = firstResponse ?? (current?.slaFirstResponseMinutes ? String(current.slaFirstResponseMinutes) : "");
  const resText = resolution ?? (current?.slaResolutionMinutes ? String(current.slaResolutionMinutes) : "");
  const fr = minutesOf(frText, 525_600);
  const res = minutesOf(resText, 525_600);
  const slaInvalid = Number.isNaN(fr) || Number.isNaN(res);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!invalid && !slaInvalid)
      save.mutate({
        resumeAfterMinutes: parsed,
        autoAssign: autoValue,
        slaFirstResponseMinutes: fr,
        slaResolutionMinutes: res,
        satisfactionSurvey: surveyValue,
      });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="Handoff settings"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="inbox-settings-form" loading={save.isPending} disabled={invalid || slaInvalid || !current}>
            Save
          </Button>
        </>
      }
    >
      {settings.isPending ? (
        <p className="muted">Loading…</p>
      ) : settings.isError ? (
        <p className="field-error">{errorMessage(settings.error)}</p>
      ) : (
        <form id="inbox-settings-form" onSubmit={submit} className="stack">
          <Input
            id="resume-after"
            label="Return to the assistant after (minutes)"
            inputMode="numeric"
            value={minutesValue}
            placeholder="Never"
            error={invalid ? "A whole number of minutes, 1 to 10080." : null}
            hint="When nobody on the team has replied, noted or assigned for this long, the customer's next message goes to the assistant again. Empty: never."
            onChange={(e) => setMinutes(e.target.value)}
          />
          <label className="row small" style={{ gap: 6 }}>
            <input type="checkbox" checked={autoValue} onChange={(e) => setAutoAssign(e.target.checked)} />
            Assign new handoffs to online agents in turn (round-robin)
          </label>
          <div className="field-hint">
            Each agent gets at most their capacity (set on the Team page); handoffs nobody can take wait in the queue until someone has room.
          </div>
          <Input
            id="sla-first-response"
            label="First-response target (minutes)"
            inputMode="numeric"
            value={frText}
            placeholder="None"
            error={Number.isNaN(fr) ? "A whole number of minutes, 1 to 525600." : null}
            hint="How soon a person should reply after a handoff. A label's own target wins. Conversations near it (its last 20%) are marked Due soon, past it Breached."
            onChange={(e) => setFirstResponse(e.target.value)}
          />
          <Input
            id="sla-resolution"
            label="Resolution target (minutes)"
            inputMode="numeric"
            value={resText}
            placeholder="None"
            error={Number.isNaN(res) ? "A whole number of minutes, 1 to 525600." : null}
            hint="How soon a handed-off conversation should be closed."
            onChange={(e) => setResolution(e.target.value)}
          />
          <label className="row small" style={{ gap: 6 }}>
            <input type="checkbox" checked={surveyValue} onChange={(e) => setSurvey(e.target.checked)} data-testid="satisfaction-survey" />
            Ask customers to rate a conversation a person handled when it is closed (1 to 5, in their language)
          </label>
        </form>
      )}
    </Dialog>
  );
}
