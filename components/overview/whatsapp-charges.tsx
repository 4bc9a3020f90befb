"use client";
// What WhatsApp charges (issue 37 item 6): the billable messages Meta's status webhooks reported, per
// day or month, by category and by who sent them, with the cost estimated from the owner's rate card,
// and the rate card's upload. Reads GET /v1/usage/whatsapp-charges and /v1/usage/whatsapp-rates.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { Button, Card, type Column, EmptyState, ErrorState, Field, Input, Skeleton, Table, Tabs } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";
import type { OperationOutput } from "@/lib/api/operation";
import type { usageWhatsAppCharges, usageWhatsAppRates } from "@/lib/api/operations";

type Charges = OperationOutput<typeof usageWhatsAppCharges>;
type RateCard = OperationOutput<typeof usageWhatsAppRates>;
type Bucket = Charges["buckets"][number];

const periods = [
  { id: "day", label: "By day" },
  { id: "month", label: "By month" },
];
const categories = ["marketing", "utility", "authentication", "service", "other"] as const;
const sourceLabels = { assistant: "Assistant replies", agent: "Team replies", api: "API", campaign: "Campaigns" } as const;

function money(amount: number, currency: string | null): string {
  if (!currency) return "—";
  return new Intl.NumberFormat("en", { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(amount);
}

/** The wallet's line about WhatsApp: this month's charged messages and their estimate. */
export function WhatsAppThisMonth() {
  const first = `${new Date().toISOString().slice(0, 8)}01`;
  const month = useQuery({
    queryKey: ["whatsapp-charges", "month", first],
    queryFn: () => apiFetch<Charges>("/v1/usage/whatsapp-charges", { query: { period: "month", from: first } }),
  });
  return (
    <>
      <dt>WhatsApp this month</dt>
      <dd data-testid="wallet-whatsapp">
        {month.isPending
          ? "…"
          : month.isError
            ? "could not load"
            : `${month.data.total.messages} charged messages${month.data.currency ? `, about ${money(month.data.total.estimatedCost, month.data.currency)}` : ""}`}
      </dd>
    </>
  );
}

export function WhatsAppChargesCard() {
  const [period, setPeriod] = useState("day");
  const charges = useQuery({
    queryKey: ["whatsapp-charges", period],
    queryFn: () => apiFetch<Charges>("/v1/usage/whatsapp-charges", { query: { period } }),
  });
  const d = charges.data;
  const columns: Column<Bucket>[] = [
    {
      key: "start",
      header: period === "month" ? "Month" : "Day",
      render: (b) => <span style={{ whiteSpace: "nowrap" }}>{period === "month" ? b.start.slice(0, 7) : b.start}</span>,
    },
    ...categories.map((c) => ({ key: c, header: c[0].toUpperCase() + c.slice(1), numeric: true, render: (b: Bucket) => b.byCategory[c].messages })),
    { key: "total", header: "Messages", numeric: true, render: (b) => b.total.messages },
    { key: "cost", header: "Estimated cost", numeric: true, render: (b) => money(b.total.estimatedCost, d?.currency ?? null) },
  ];
  return (
    <Card title="What WhatsApp charges">
      <div className="stack" style={{ gap: 12 }} data-testid="whatsapp-charges">
        <Tabs tabs={periods} value={period} onChange={setPeriod} label="Charges period" />
        {charges.isPending ? (
          <Skeleton lines={4} />
        ) : charges.isError ? (
          <ErrorState error={charges.error} title="Could not load WhatsApp's charges" onRetry={() => charges.refetch()} />
        ) : !charges.data.buckets.length ? (
          <EmptyState title="No charged messages in this range">
            WhatsApp reports what it charges for each message it delivers; charged messages appear here from {charges.data.from} on.
          </EmptyState>
        ) : (
          <>
            <dl className="kv" data-testid="whatsapp-charges-total">
              <dt>Charged messages</dt>
              <dd>{charges.data.total.messages}</dd>
              <dt>Estimated cost</dt>
              <dd>{charges.data.currency ? money(charges.data.total.estimatedCost, charges.data.currency) : "upload a rate card to estimate"}</dd>
              {(Object.keys(sourceLabels) as (keyof typeof sourceLabels)[]).map((s) => (
                <SourceRow key={s} label={sourceLabels[s]} figure={charges.data.bySource[s]} currency={charges.data.currency} />
              ))}
            </dl>
            {charges.data.total.unrated ? (
              <div className="small muted">{charges.data.total.unrated} charged messages have no price on the rate card and count as 0.</div>
            ) : null}
            <Table columns={columns} rows={charges.data.buckets} rowKey={(b) => b.start} caption="WhatsApp's charged messages by category" />
          </>
        )}
        <div className="small muted">Counted from WhatsApp's status webhooks (UTC); Meta's invoice is the final word.</div>
        <RateCardForm />
      </div>
    </Card>
  );
}

function SourceRow({ label, figure, currency }: { label: string; figure: Charges["total"]; currency: string | null }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {figure.messages} {currency ? `(${money(figure.estimatedCost, currency)})` : null}
      </dd>
    </>
  );
}

function RateCardForm() {
  const queryClient = useQueryClient();
  const card = useQuery({ queryKey: ["whatsapp-rates"], queryFn: () => apiFetch<RateCard>("/v1/usage/whatsapp-rates") });
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState("");
  const [currency, setCurrency] = useState("USD");
  const upload = useMutation({
    mutationFn: () => apiFetch<RateCard>("/v1/usage/whatsapp-rates", { method: "PUT", body: { csv, currency } }),
    onSuccess: (data) => {
      queryClient.setQueryData(["whatsapp-rates"], data);
      queryClient.invalidateQueries({ queryKey: ["whatsapp-charges"] });
      setCsv(null);
      setFileName("");
    },
  });
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    upload.reset();
    setFileName(file?.name ?? "");
    setCsv(file ? await file.text() : null);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (csv !== null) upload.mutate();
  };
  const details = upload.error instanceof DashboardError ? (upload.error.details ?? []) : [];
  return (
    <form className="stack" style={{ gap: 8 }} onSubmit={onSubmit} aria-label="Rate card" data-testid="rate-card">
      <div className="stat-label">Rate card</div>
      {card.isPending ? (
        <Skeleton lines={1} />
      ) : card.isError ? (
        <ErrorState error={card.error} title="Could not load the rate card" onRetry={() => card.refetch()} />
      ) : card.data.rates.length ? (
        <div className="small" data-testid="rate-card-summary">
          {card.data.rates.length} rates in {card.data.currency}, uploaded{" "}
          {card.data.uploadedAt ? new Date(card.data.uploadedAt).toLocaleDateString("en", { dateStyle: "medium", timeZone: "UTC" }) : ""}.
        </div>
      ) : (
        <div className="small muted" data-testid="rate-card-summary">
          No rate card yet: upload Meta's prices as CSV lines of country,category,price (country as two letters, or * for any other).
        </div>
      )}
      <div className="row" style={{ gap: 8, alignItems: "flex-end", flexWrap: "wrap" }}>
        <Field id="rate-card-file" label="CSV file">
          <input id="rate-card-file" type="file" accept=".csv,text/csv,text/plain" onChange={onFile} />
        </Field>
        <Field id="rate-card-currency" label="Currency">
          <Input
            id="rate-card-currency"
            value={currency}
            maxLength={3}
            style={{ width: 80 }}
            onChange={(e) => setCurrency(e.target.value.toUpperCase())}
          />
        </Field>
        <Button type="submit" variant="primary" size="sm" loading={upload.isPending} disabled={csv === null}>
          Upload rate card
        </Button>
      </div>
      {fileName && csv !== null ? <div className="small muted">{fileName} is ready to upload; it replaces the current card.</div> : null}
      {upload.isError ? (
        <div className="alert alert-warning" role="alert" data-testid="rate-card-error">
          {errorMessage(upload.error)}
          {details.length ? (
            <ul>
              {details.map((d) => (
                <li key={`${d.path}${d.message}`}>
                  {d.path}: {d.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {upload.isSuccess ? (
        <div className="small" role="status">
          Rate card uploaded.
        </div>
      ) : null}
    </form>
  );
}
