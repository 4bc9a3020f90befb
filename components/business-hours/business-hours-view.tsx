"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Badge, Button, Card, ErrorState, Input, PageHeader, Select, Skeleton, Textarea, useToast } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";
import { timeZoneOptions, toRanges, toText, type Weekly, WeeklyHoursFields } from "./weekly-hours-fields";
import "./business-hours.css";

type Holiday = { date: string; name?: string; hours?: string[] };
type Hours = {
  timeZone: string;
  weekly: Weekly;
  holidays: Holiday[];
  awayMessage: string | null;
  openNow: boolean;
  nextOpening: string | null;
  updatedAt: string | null;
};

/** Settings › Business hours: weekly hours, holidays and the away message, in the business's time zone. */
export function BusinessHoursView() {
  const hours = useQuery({ queryKey: ["business-hours"], queryFn: () => apiFetch<Hours>("/v1/business-hours") });
  return (
    <>
      <PageHeader
        title="Business hours"
        description="When people answer. Outside these hours the assistant keeps answering, and a handoff tells the customer when a person will reply. The booking skill takes bookings in these hours."
      />
      {hours.isPending ? (
        <Card>
          <Skeleton lines={8} />
        </Card>
      ) : hours.isError ? (
        <Card>
          <ErrorState error={hours.error} title="Could not load the business hours" onRetry={() => hours.refetch()} />
        </Card>
      ) : (
        <HoursForm key={hours.data.updatedAt ?? "new"} initial={hours.data} />
      )}
    </>
  );
}

function HoursForm({ initial }: { initial: Hours }) {
  const client = useQueryClient();
  const toast = useToast();
  const [timeZone, setTimeZone] = useState(initial.timeZone);
  const [zones, setZones] = useState<string[]>([initial.timeZone]);
  useEffect(() => setZones((z) => [...new Set([...z, ...timeZoneOptions()])]), []);
  const [weekly, setWeekly] = useState<Weekly>(initial.weekly);
  const [holidays, setHolidays] = useState<Array<{ date: string; name: string; hours: string }>>(
    initial.holidays.map((h) => ({ date: h.date, name: h.name ?? "", hours: toText(h.hours) })),
  );
  const [away, setAway] = useState(initial.awayMessage ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      apiFetch<Hours>("/v1/business-hours", {
        method: "PUT",
        body: {
          timeZone,
          weekly,
          holidays: holidays.map((h) => ({
            date: h.date,
            ...(h.name.trim() ? { name: h.name.trim() } : {}),
            ...(toRanges(h.hours).length ? { hours: toRanges(h.hours) } : {}),
          })),
          awayMessage: away.trim() || null,
        },
      }),
    onSuccess: (data) => {
      setErrors({});
      client.setQueryData(["business-hours"], data);
      toast.success("Business hours saved.");
    },
    onError: (err) => {
      if (err instanceof DashboardError && err.details?.length) {
        setErrors(Object.fromEntries(err.details.map((d) => [d.path.replace(/\.\d+$|\[\d+\]$/, ""), d.message])));
      } else toast.error(errorMessage(err));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const holidayError = (i: number, key: string) => errors[`holidays.${i}.${key}`] ?? errors[`holidays[${i}].${key}`];

  return (
    <form className="stack" style={{ gap: 16 }} onSubmit={submit} aria-label="Business hours">
      <Card title="Now">
        <div className="business-hours-status" data-testid="hours-status">
          {initial.openNow ? <Badge tone="success">Open now</Badge> : <Badge tone="warning">Closed now</Badge>}
          {initial.nextOpening ? (
            <span className="muted small">
              Opens{" "}
              {new Date(initial.nextOpening).toLocaleString("en-GB", {
                timeZone: initial.timeZone,
                weekday: "long",
                day: "numeric",
                month: "short",
                hour: "2-digit",
                minute: "2-digit",
              })}
            </span>
          ) : null}
        </div>
        <Select
          id="hours-time-zone"
          label="Time zone"
          value={timeZone}
          options={zones.map((z) => ({ value: z, label: z.replace(/_/g, " ") }))}
          onChange={(e) => setTimeZone(e.target.value)}
          error={errors.timeZone}
        />
      </Card>
      <div className="grid-2" style={{ alignItems: "start" }}>
        <Card title="Weekly hours">
          <div className="field-hint" style={{ marginBottom: 8 }}>
            Ranges like 09:00-13:00, 15:00-19:00; one that ends before it starts (20:00-02:00) runs past midnight. Empty: closed.
          </div>
          <WeeklyHoursFields idPrefix="hours" initial={initial.weekly} onChange={setWeekly} errorFor={(day) => errors[`weekly.${day}`]} />
        </Card>
        <div className="stack" style={{ gap: 16 }}>
          <Card
            title="Holidays"
            actions={
              <Button size="sm" onClick={() => setHolidays([...holidays, { date: "", name: "", hours: "" }])}>
                Add holiday
              </Button>
            }
          >
            {holidays.length ? (
              <div className="stack" style={{ gap: 10 }}>
                {holidays.map((h, i) => (
                  <div key={i} className="holiday-row" data-testid={`holiday-${i}`}>
                    <Input
                      id={`holiday-date-${i}`}
                      label="Date"
                      type="date"
                      value={h.date}
                      error={holidayError(i, "date")}
                      onChange={(e) => setHolidays(holidays.map((x, j) => (j === i ? { ...x, date: e.target.value } : x)))}
                    />
                    <Input
                      id={`holiday-name-${i}`}
                      label="Name"
                      value={h.name}
                      placeholder="Christmas"
                      onChange={(e) => setHolidays(holidays.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
                    />
                    <Input
                      id={`holiday-hours-${i}`}
                      label="Special hours"
                      value={h.hours}
                      placeholder="closed all day"
                      error={holidayError(i, "hours")}
                      onChange={(e) => setHolidays(holidays.map((x, j) => (j === i ? { ...x, hours: e.target.value } : x)))}
                    />
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove holiday ${i + 1}`}
                      onClick={() => setHolidays(holidays.filter((_, j) => j !== i))}
                    >
                      Remove
                    </Button>
                  </div>
                ))}
              </div>
            ) : (
              <div className="muted small">No holidays. Add the days you close (or open at other hours).</div>
            )}
            {errors.holidays ? (
              <div className="field-error" role="alert">
                {errors.holidays}
              </div>
            ) : null}
          </Card>
          <Card title="Away message">
            <Textarea
              id="away-message"
              label="Said after a handoff outside the hours"
              rows={3}
              value={away}
              placeholder="We're closed now; a person will reply from {{opens}}."
              hint="{{opens}} becomes when you next open (“Tuesday 9:00”). Leave empty for the default, in the customer's language."
              error={errors.awayMessage}
              onChange={(e) => setAway(e.target.value)}
            />
          </Card>
        </div>
      </div>
      <div className="row">
        <Button type="submit" variant="primary" loading={save.isPending}>
          Save business hours
        </Button>
        {Object.keys(errors).length ? (
          <span className="field-error" role="alert">
            Fix the marked fields, then save again.
          </span>
        ) : null}
      </div>
    </form>
  );
}
