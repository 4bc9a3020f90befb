"use client";
import "./records.css";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { IntentLink } from "@/components/shell/intent-link";
import { useState } from "react";
import type { Page } from "@/components/inbox/types";
import { Button, Card, EmptyState, ErrorState, Input, PageHeader, Skeleton, Table, Tabs, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import { fieldLabelOf } from "@/lib/shared/record-labels";
import { STANDARD_MONEY_FIELDS } from "@/lib/shared/record-money";
import { nextStatuses, statusLabel } from "@/lib/shared/record-statuses";
import { OrderSettingsCard } from "./order-settings";
import { formatFieldValue, formatInstant } from "./record-format";
import { downloadText, fieldColumns, moneyOf, type RecordLayout, type RecordRow, recordsToCsv } from "./records-csv";

const title = (c: string) => c.charAt(0).toUpperCase() + c.slice(1).replace(/[_-]/g, " ");

// Date inputs are days in the viewer's time zone: from the start of `from` to the end of `to`.
const dayStart = (d: string) => (d ? new Date(`${d}T00:00:00`).toISOString() : undefined);
const dayEnd = (d: string) => (d ? new Date(`${d}T23:59:59.999`).toISOString() : undefined);

export function RecordsView({ initialCollection }: { initialCollection?: string }) {
  const toast = useToast();
  const collections = useQuery({ queryKey: ["record-collections"], queryFn: () => apiFetch<{ collections: string[] }>("/v1/internal/records") });
  const [picked, setPicked] = useState(initialCollection ?? "orders");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [exporting, setExporting] = useState(false);
  const [orderSettings, setOrderSettings] = useState(false);
  const tabs = collections.data?.collections ?? ["orders", "bookings", "leads"];
  const collection = tabs.includes(picked) ? picked : tabs[0];
  const filter = { from: dayStart(from), to: dayEnd(to) };

  const records = useInfiniteQuery({
    queryKey: ["records", collection, filter],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<Page<RecordRow>>(`/v1/internal/records/${collection}`, { query: { ...filter, cursor: pageParam, limit: 100 }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 5000,
  });
  const rows = records.data?.pages.flatMap((p) => p.data) ?? [];
  const fields = fieldColumns(rows);
  // Labels from the skills, the business's time zone and money; until they load (or if they cannot), keys made
  // readable, UTC, and the standard amount fields in units without a currency ("19.00", never cents).
  const layoutQuery = useQuery({
    queryKey: ["record-layout", collection],
    queryFn: () => apiFetch<RecordLayout & { statuses: string[] }>(`/v1/internal/records/${collection}/layout`),
  });
  const layout: RecordLayout = layoutQuery.data ?? {
    labels: {},
    timeZone: "UTC",
    moneyFields: [...(STANDARD_MONEY_FIELDS[collection] ?? [])],
    money: { currency: null, language: "en" },
  };

  async function exportCsv() {
    setExporting(true);
    try {
      // Every row of the filter, not only the pages on screen.
      const all: RecordRow[] = [];
      let cursor: string | undefined;
      do {
        const page = await apiFetch<Page<RecordRow>>(`/v1/internal/records/${collection}`, { query: { ...filter, cursor, limit: 200 } });
        all.push(...page.data);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      downloadText(`${collection}${from ? `-from-${from}` : ""}${to ? `-to-${to}` : ""}.csv`, recordsToCsv(all, layout));
      toast.success(`Exported ${all.length} ${all.length === 1 ? "record" : "records"}.`);
    } catch (err) {
      toast.error(`Export failed: ${errorMessage(err)}`);
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Records"
        description="What the assistant captured: orders, bookings, leads and anything your skills save."
        actions={
          <Button onClick={exportCsv} loading={exporting} disabled={!rows.length}>
            Export CSV
          </Button>
        }
      />
      {collections.isError ? (
        <ErrorState error={collections.error} title="Could not load the collections" onRetry={() => collections.refetch()} />
      ) : null}
      <Tabs tabs={tabs.map((c) => ({ id: c, label: title(c) }))} value={collection} onChange={setPicked} label="Collections" />
      <div className="toolbar">
        <div style={{ width: 180 }}>
          <Input id="records-from" label="From" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div style={{ width: 180 }}>
          <Input id="records-to" label="To" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </div>
        {collection === "orders" && !orderSettings ? (
          <Button variant="ghost" onClick={() => setOrderSettings(true)}>
            Order settings
          </Button>
        ) : null}
        {from || to ? (
          <Button
            variant="ghost"
            onClick={() => {
              setFrom("");
              setTo("");
            }}
          >
            Clear dates
          </Button>
        ) : null}
      </div>
      {collection === "orders" && orderSettings ? <OrderSettingsCard onClose={() => setOrderSettings(false)} /> : null}
      {layoutQuery.isError ? (
        <ErrorState error={layoutQuery.error} title="Could not load the field names and time zone" onRetry={() => layoutQuery.refetch()} />
      ) : null}
      <div role="tabpanel" aria-labelledby={`tab-${collection}`}>
        {records.isPending ? (
          <Card>
            <Skeleton lines={6} height={22} />
          </Card>
        ) : records.isError ? (
          <Card>
            <ErrorState error={records.error} title="Could not load records" onRetry={() => records.refetch()} />
          </Card>
        ) : rows.length === 0 ? (
          <Card>
            <EmptyState title={`No ${title(collection).toLowerCase()} ${from || to ? "in these dates" : "yet"}`} icon="▤">
              Records appear when the assistant's skills capture them in conversations.
            </EmptyState>
          </Card>
        ) : (
          <>
            <Table
              caption={`${title(collection)} records`}
              rows={rows}
              rowKey={(r) => r.id}
              columns={[
                {
                  key: "createdAt",
                  header: <span title={`Times in ${layout.timeZone}`}>Captured</span>,
                  render: (r) => <span style={{ whiteSpace: "nowrap" }}>{formatInstant(r.createdAt, layout.timeZone)}</span>,
                },
                {
                  key: "customer",
                  header: "Customer",
                  render: (r) =>
                    r.contact ? (
                      <div className="record-customer">
                        <span>{r.contact.name || <span className="muted">No name</span>}</span>
                        <span className="muted small mono">{r.contact.phone ?? r.contact.username}</span>
                      </div>
                    ) : (
                      <span className="muted">—</span>
                    ),
                },
                {
                  key: "status",
                  header: "Status",
                  render: (r) => <StatusPicker record={r} collection={collection} />,
                },
                ...fields.map((f) => ({
                  key: `f-${f}`,
                  header: <span title={f}>{fieldLabelOf(layout.labels, f)}</span>,
                  render: (r: RecordRow) => (
                    <span className="cell-clip" style={{ display: "block" }}>
                      {formatFieldValue(r.fields[f], layout.timeZone, moneyOf(layout, f)) || "—"}
                    </span>
                  ),
                })),
                {
                  key: "conversation",
                  header: "Conversation",
                  render: (r) =>
                    r.conversationId ? <IntentLink href={`/inbox?c=${r.conversationId}`}>Open</IntentLink> : <span className="muted">—</span>,
                },
              ]}
            />
            <p className="muted small records-zone">Times are in {layout.timeZone}.</p>
            <div className="pager">
              <span className="muted small" style={{ marginRight: "auto" }}>
                {rows.length} shown
              </span>
              {records.hasNextPage ? (
                <Button size="sm" loading={records.isFetchingNextPage} onClick={() => records.fetchNextPage()}>
                  Load more
                </Button>
              ) : null}
            </div>
          </>
        )}
      </div>
    </>
  );
}

/** The record's status, changed in place to one of the moves its collection allows (PATCH /v1/records/{collection}/{id}). */
function StatusPicker({ record, collection }: { record: RecordRow; collection: string }) {
  const toast = useToast();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const current = record.status ?? "";
  const options = [current, ...nextStatuses(collection, current)];
  const who = record.contact?.name || record.contact?.phone || record.contact?.username || record.id;
  async function change(status: string) {
    if (status === current) return;
    setSaving(true);
    try {
      const out = await apiFetch<RecordRow & { notification?: { sent: boolean; reason: string | null } | null }>(
        `/v1/records/${collection}/${record.id}`,
        { method: "PATCH", body: { status } },
      );
      const note = out.notification;
      if (note && !note.sent) toast.error(`Status is now ${statusLabel(status)}, but the customer was not notified: ${note.reason}`);
      else toast.success(`Status is now ${statusLabel(status)}${note?.sent ? "; the customer was notified." : "."}`);
      await client.invalidateQueries({ queryKey: ["records", collection] });
    } catch (err) {
      toast.error(`Could not change the status: ${errorMessage(err)}`);
    } finally {
      setSaving(false);
    }
  }
  return (
    <select
      className={`select status-select status-${current}`}
      aria-label={`Status of ${who}`}
      value={current}
      disabled={saving || options.length < 2}
      onChange={(e) => change(e.target.value)}
    >
      {options.map((s) => (
        <option key={s} value={s}>
          {statusLabel(s)}
        </option>
      ))}
    </select>
  );
}
