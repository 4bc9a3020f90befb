"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { apiFetch } from "@/components/data/fetcher";
import { Button, Card, EmptyState, ErrorState, Input, PageHeader, Skeleton, Table, Tabs } from "@/components/ui";
import type { Column } from "@/components/ui";
import type { OperationOutput } from "@/lib/api/operation";
import type { reportsGet } from "@/lib/api/operations";
import "@/components/charts/charts.css";
import "@/components/overview/overview.css";
import "./reports.css";

type Report = OperationOutput<typeof reportsGet>;
type Row = Report["rows"][number];
type Figures = Omit<Report["totals"], "appointments"> & { appointments: Report["totals"]["appointments"] | null };
type Appointments = Report["totals"]["appointments"];

const percent = (rate: number | null) => (rate === null ? "–" : `${Math.round(rate * 1000) / 10}%`);

const groupings = [
  { id: "day", label: "By day" },
  { id: "agent", label: "By agent" },
  { id: "label", label: "By label" },
];

const fmt = (n: number) => n.toLocaleString("en");

/** 75 -> "1m 15s", 3660 -> "1h 1m". */
export function duration(seconds: number | null): string {
  if (seconds === null) return "–";
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${s % 60 ? ` ${s % 60}s` : ""}`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h < 48) return `${h}h${m ? ` ${m}m` : ""}`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}

const rating = (f: Figures) => (f.ratingAverage === null ? "–" : `${f.ratingAverage.toFixed(1)} / 5`);

// The CSV's columns: one line per day or agent, then the totals; times in seconds, as the API gives them.
const csvColumns: [string, (r: Figures & { label: string }) => string | number | null][] = [
  ["group", (r) => r.label],
  ["conversations", (r) => r.conversations],
  ["assistant_only", (r) => r.assistantOnly],
  ["handoffs", (r) => r.handoffs],
  ["first_responses", (r) => r.firstResponses],
  ["first_response_avg_seconds", (r) => r.firstResponseAvgSeconds],
  ["first_response_median_seconds", (r) => r.firstResponseMedianSeconds],
  ["resolved", (r) => r.resolved],
  ["resolution_avg_seconds", (r) => r.resolutionAvgSeconds],
  ["resolution_median_seconds", (r) => r.resolutionMedianSeconds],
  ["ratings", (r) => r.ratings],
  ["rating_average", (r) => r.ratingAverage],
  ...[1, 2, 3, 4, 5].map((n): [string, (r: Figures) => number] => [`ratings_${n}`, (r) => r.ratingCounts[n - 1]]),
  ["sla_first_response_breaches", (r) => r.slaFirstResponseBreaches],
  ["sla_resolution_breaches", (r) => r.slaResolutionBreaches],
  ["appointments", (r) => r.appointments?.total ?? null],
  ["appointments_no_show", (r) => r.appointments?.noShow ?? null],
  ["appointments_completed", (r) => r.appointments?.completed ?? null],
  ["appointments_cancelled", (r) => r.appointments?.cancelled ?? null],
  ["no_show_rate", (r) => r.appointments?.noShowRate ?? null],
];

const csvCell = (v: string | number | null) => {
  if (v === null) return "";
  const s = String(v);
  // Quoted when needed; a leading =,+,-,@ is neutralised so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@]/.test(s) && typeof v === "string" ? `'${s}` : s;
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export function reportCsv(report: Report): string {
  const lines = [csvColumns.map(([name]) => name).join(",")];
  for (const row of [...report.rows, { ...report.totals, label: "Total" }]) lines.push(csvColumns.map(([, get]) => csvCell(get(row))).join(","));
  return `${lines.join("\n")}\n`;
}

function download(report: Report) {
  const blob = new Blob([reportCsv(report)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `report-${report.groupBy}-${report.from}-to-${report.to}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

export function ReportsView() {
  const [groupBy, setGroupBy] = useState("day");
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const report = useQuery({
    queryKey: ["reports", groupBy, range?.from, range?.to],
    queryFn: () => apiFetch<Report>("/v1/reports", { query: { groupBy, from: range?.from, to: range?.to } }),
  });
  const shown = draft ?? (report.data ? { from: report.data.from, to: report.data.to } : null);
  const t = report.data?.totals;
  const empty = t && !t.conversations && !t.handoffs && !t.resolved && !t.ratings && !t.firstResponses && !t.appointments.total;

  return (
    <>
      <PageHeader
        title="Reports"
        description="How your team and the assistant answer customers: response and resolution times, handoffs and satisfaction."
      />
      <form
        className="reports-range"
        onSubmit={(e) => {
          e.preventDefault();
          if (shown) setRange(shown);
          setDraft(null);
        }}
      >
        <Input
          id="report-from"
          label="From"
          type="date"
          value={shown?.from ?? ""}
          max={shown?.to}
          onChange={(e) => setDraft({ from: e.target.value, to: shown?.to ?? e.target.value })}
        />
        <Input
          id="report-to"
          label="To"
          type="date"
          value={shown?.to ?? ""}
          min={shown?.from}
          onChange={(e) => setDraft({ from: shown?.from ?? e.target.value, to: e.target.value })}
        />
        <Button type="submit" variant="primary" disabled={!draft}>
          Show
        </Button>
        <Button disabled={!report.data} onClick={() => report.data && download(report.data)} data-testid="report-csv">
          Download CSV
        </Button>
      </form>
      <Tabs tabs={groupings} value={groupBy} onChange={setGroupBy} label="Group the report" />
      {report.isError ? (
        <Card>
          <ErrorState error={report.error} title="Could not load the report" onRetry={() => report.refetch()} />
        </Card>
      ) : (
        <div className="stack" style={{ gap: 16 }} role="tabpanel" aria-labelledby={`tab-${groupBy}`}>
          <div className="reports-stats" data-testid="report-totals">
            <Stat label="Conversations" value={t && fmt(t.conversations)} hint="started in the range" />
            <Stat
              label="Assistant alone"
              value={t && fmt(t.assistantOnly)}
              hint={t?.conversations ? `${Math.round((t.assistantOnly / t.conversations) * 100)}% of conversations` : "no person needed"}
            />
            <Stat label="Handoffs" value={t && fmt(t.handoffs)} hint="passed to a person" />
            <Stat label="First response" value={t && duration(t.firstResponseMedianSeconds)} hint="median, after a handoff" />
            <Stat label="Resolution" value={t && duration(t.resolutionMedianSeconds)} hint={t ? `median of ${fmt(t.resolved)} resolved` : "median"} />
            <Stat
              label="Satisfaction"
              value={t && rating(t)}
              hint={t ? `${fmt(t.ratings)} rating${t.ratings === 1 ? "" : "s"}` : "average rating"}
              testId="report-satisfaction"
            />
            <Stat
              label="SLA breaches"
              value={t && fmt(t.slaFirstResponseBreaches + t.slaResolutionBreaches)}
              hint={t ? `${fmt(t.slaFirstResponseBreaches)} first response, ${fmt(t.slaResolutionBreaches)} resolution` : "past their target"}
              testId="report-sla"
            />
            <AppointmentStats a={t?.appointments} />
          </div>
          {report.isPending ? (
            <Card>
              <Skeleton lines={8} height={28} />
            </Card>
          ) : empty ? (
            <Card>
              <EmptyState title="Nothing happened in this range">
                Conversations, handoffs and ratings between {report.data.from} and {report.data.to} ({report.data.timeZone}) show here.
              </EmptyState>
            </Card>
          ) : (
            <>
              <div className="reports-charts">
                <Card title="Conversations and handoffs">
                  <ReportChart
                    rows={report.data.rows}
                    bars={[
                      ["conversations", "Conversations", "#0f766e"],
                      ["assistantOnly", "Assistant alone", "#5eaaa2"],
                      ["handoffs", "Handoffs", "#d49a3a"],
                    ]}
                    label="Conversations, assistant alone and handoffs"
                  />
                </Card>
                <Card title="Response times (median, minutes)">
                  <ReportChart
                    rows={report.data.rows}
                    bars={[
                      ["firstResponseMinutes", "First response", "#3a7bd4"],
                      ["resolutionMinutes", "Resolution", "#5eaaa2"],
                    ]}
                    label="Median first response and resolution times in minutes"
                  />
                </Card>
                <Card title="Satisfaction (average rating)">
                  <ReportChart
                    rows={report.data.rows}
                    bars={[["ratingAverage", "Average rating (1-5)", "#7c5cbf"]]}
                    label="Average satisfaction rating, 1 to 5"
                    domain={[0, 5]}
                  />
                </Card>
              </div>
              <Card title={groupBy === "day" ? `Per day (${report.data.timeZone})` : groupBy === "label" ? "Per label" : "Per agent"}>
                <div className="reports-table">
                  <Table columns={columns} rows={report.data.rows} rowKey={(r) => r.key ?? "none"} caption="Report figures" />
                </div>
                <ReportCards rows={report.data.rows} groupBy={groupBy} />
              </Card>
            </>
          )}
        </div>
      )}
    </>
  );
}

const columns: Column<Row>[] = [
  { key: "label", header: "", render: (r) => <strong>{r.label}</strong> },
  { key: "conversations", header: "Conversations", numeric: true, render: (r) => fmt(r.conversations) },
  { key: "assistantOnly", header: "Assistant alone", numeric: true, render: (r) => fmt(r.assistantOnly) },
  { key: "handoffs", header: "Handoffs", numeric: true, render: (r) => fmt(r.handoffs) },
  { key: "firstResponse", header: "First response", numeric: true, render: (r) => duration(r.firstResponseMedianSeconds) },
  { key: "resolved", header: "Resolved", numeric: true, render: (r) => fmt(r.resolved) },
  { key: "resolution", header: "Resolution", numeric: true, render: (r) => duration(r.resolutionMedianSeconds) },
  { key: "rating", header: "Satisfaction", numeric: true, render: (r) => (r.ratings ? `${rating(r)} (${r.ratings})` : "–") },
  { key: "sla", header: "SLA breaches", numeric: true, render: (r) => fmt(r.slaFirstResponseBreaches + r.slaResolutionBreaches) },
  {
    key: "appointments",
    header: "Appointments (no-shows)",
    numeric: true,
    render: (r) => (r.appointments ? `${fmt(r.appointments.total)} (${fmt(r.appointments.noShow)})` : "–"),
  },
];

/** The appointments of the range: how many, by outcome, and the no-show rate (lib/analytics/appointment-report.ts). */
function AppointmentStats({ a }: { a: Appointments | undefined }) {
  return (
    <>
      <Stat
        label="Appointments"
        value={a && fmt(a.total)}
        hint={a ? `${fmt(a.completed)} completed, ${fmt(a.cancelled)} cancelled, ${fmt(a.booked + a.confirmed)} booked` : "starting in the range"}
        testId="report-appointments"
      />
      <Stat
        label="No-shows"
        value={a && fmt(a.noShow)}
        hint={a ? `no-show rate ${percent(a.noShowRate)}` : "marked no-show"}
        testId="report-no-shows"
      />
    </>
  );
}

const minutes = (s: number | null) => (s === null ? null : Math.round(s / 6) / 10);

function ReportChart({ rows, bars, label, domain }: { rows: Row[]; bars: [string, string, string][]; label: string; domain?: [number, number] }) {
  const data = rows.map((r) => ({
    ...r,
    name: r.label,
    firstResponseMinutes: minutes(r.firstResponseMedianSeconds),
    resolutionMinutes: minutes(r.resolutionMedianSeconds),
  }));
  return (
    <div className="chart-box" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e5e9" />
          <XAxis dataKey="name" tick={{ fontSize: 12, fill: "#6b7380" }} minTickGap={16} />
          <YAxis tick={{ fontSize: 12, fill: "#6b7380" }} domain={domain} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {bars.map(([key, name, fill]) => (
            <Bar key={key} dataKey={key} name={name} fill={fill} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** On a phone the table is a list of cards, one per day or agent with anything in it. */
function ReportCards({ rows, groupBy }: { rows: Row[]; groupBy: string }) {
  const busy = rows.filter(
    (r) => r.conversations || r.handoffs || r.resolved || r.ratings || r.firstResponses || r.slaFirstResponseBreaches || r.slaResolutionBreaches,
  );
  return (
    <div className="reports-cards" data-testid="report-cards">
      {busy.length < rows.length ? (
        <p className="small muted">
          {groupBy === "day" ? "Days" : groupBy === "label" ? "Labels" : "Members"} with nothing in this range are left out here.
        </p>
      ) : null}
      {busy.map((r) => (
        <section key={r.key ?? "none"} className="reports-card" aria-label={r.label}>
          <h3>{r.label}</h3>
          <dl>
            {columns.slice(1).map((c) => (
              <div key={c.key} className="reports-card-line">
                <dt>{c.header}</dt>
                <dd>{c.render(r)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

function Stat({ label, value, hint, testId }: { label: string; value: string | undefined; hint: string; testId?: string }) {
  return (
    <Card>
      <div className="stat-label">{label}</div>
      <div className="stat-value" data-testid={testId}>
        {value ?? <span className="skeleton" style={{ display: "block", width: 60, height: 30 }} />}
      </div>
      <div className="small muted">{hint}</div>
    </Card>
  );
}
