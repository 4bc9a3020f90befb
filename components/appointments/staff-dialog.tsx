"use client";
import { type FormEvent, useState } from "react";
import { WeeklyHoursFields, type Weekly } from "@/components/business-hours/weekly-hours-fields";
import { DashboardError, errorMessage } from "@/components/data/fetcher";
import { Button, Dialog, Input, Textarea } from "@/components/ui";
import type { StaffOut } from "@/lib/appointments/schema";
import { type StaffBody, useSave } from "./use-appointments";

type TimeOff = StaffOut["timeOff"];

/** "2026-12-24 to 2026-12-26 Christmas" per line; one date is one day. The server checks the dates. */
const timeOffText = (list: TimeOff) =>
  list.map((t) => `${t.from === t.to ? t.from : `${t.from} to ${t.to}`}${t.reason ? ` ${t.reason}` : ""}`).join("\n");
function parseTimeOff(text: string): TimeOff {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const words = line.split(/\s+/);
      const hasTo = words[1] === "to" && words.length >= 3;
      const reason = words.slice(hasTo ? 3 : 1).join(" ");
      return { from: words[0], to: hasTo ? words[2] : words[0], ...(reason ? { reason } : {}) };
    });
}

/** New or edit: name, active, weekly hours, breaks and time off; problems show by their field. */
export function StaffDialog({ member, onClose }: { member: StaffOut | null; onClose: () => void }) {
  const save = useSave<StaffBody>("staff");
  const [name, setName] = useState(member?.name ?? "");
  const [active, setActive] = useState(member?.active ?? true);
  const [weekly, setWeekly] = useState<Weekly>((member?.weekly ?? {}) as Weekly);
  const [breaks, setBreaks] = useState<Weekly>((member?.breaks ?? {}) as Weekly);
  const [timeOff, setTimeOff] = useState(timeOffText(member?.timeOff ?? []));
  const errors: Record<string, string> =
    save.error instanceof DashboardError && save.error.details?.length ? Object.fromEntries(save.error.details.map((d) => [d.path, d.message])) : {};
  const dayError = (field: string) => (day: string) =>
    Object.entries(errors).find(([path]) => path === `${field}.${day}` || path.startsWith(`${field}.${day}[`))?.[1];
  const timeOffError = Object.entries(errors).find(([path]) => path.startsWith("timeOff"));

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate({ id: member?.id ?? null, body: { name, active, weekly, breaks, timeOff: parseTimeOff(timeOff) } }, { onSuccess: onClose });
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={member ? `Edit ${member.name}` : "New staff member"}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="staff-form" loading={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      {/* An edit after a refused save: the server's verdict on the old values no longer holds. */}
      <form id="staff-form" className="stack appointments-form" onSubmit={submit} onChangeCapture={() => save.isError && save.reset()} noValidate>
        {save.isError && !Object.keys(errors).length ? (
          <div className="alert" role="alert">
            {errorMessage(save.error)}
          </div>
        ) : null}
        <Input id="staff-name" label="Name" value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
        <label className="checkbox-row">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> Active (offered for appointments)
        </label>
        <fieldset className="appointments-fieldset">
          <legend>Working hours</legend>
          <p className="muted small">Ranges in the business's time zone, such as 09:00-13:00, 14:00-18:00. Empty: not working that day.</p>
          <WeeklyHoursFields idPrefix="staff-hours" initial={weekly} onChange={setWeekly} errorFor={dayError("weekly")} placeholder="day off" />
        </fieldset>
        <fieldset className="appointments-fieldset">
          <legend>Breaks</legend>
          <WeeklyHoursFields idPrefix="staff-breaks" initial={breaks} onChange={setBreaks} errorFor={dayError("breaks")} placeholder="no break" />
        </fieldset>
        <Textarea
          id="staff-time-off"
          label="Time off"
          rows={3}
          placeholder={"2026-12-24 to 2026-12-26 Christmas\n2027-01-06"}
          hint="One line each: a date, or a date to a date, then an optional reason."
          value={timeOff}
          error={timeOffError ? `${timeOffError[0]}: ${timeOffError[1]}` : undefined}
          onChange={(e) => setTimeOff(e.target.value)}
        />
      </form>
    </Dialog>
  );
}
