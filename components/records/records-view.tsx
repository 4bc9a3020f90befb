"use client";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { Page } from "@/components/inbox/types";
import { Button, Card, EmptyState, ErrorState, Input, PageHeader, Skeleton, Table, Tabs, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/lib/dashboard/fetcher";
import { cellText, downloadText, fieldColumns, type RecordRow, recordsToCsv } from "./records-csv";

const title = (c: string) => c.charAt(0).toUpperCase() + c.slice(1).replace(/[_-]/g, " ");

// Date inputs are days in the viewer's time zone: from the start of `from` to the end of `to`.
const dayStart = (d: string) => (d ? new Date(`${d}T00:00:00`).toISOString() : undefined);
const dayEnd = (d: string) => (d ? new Date(`${d}T23:59:59.999`).toISOString() : undefined);

export function RecordsView({ initialCollection }: { initialCollection?: string }) {
  const toast = useToast();
  const collections = useQuery({ queryKey: ["record-collections"], queryFn: () => apiFetch<{ collections: string[] }>("/api/dashboard/records") });
  const [picked, setPicked] = useState(initialCollection ?? "orders");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [exporting, setExporting] = useState(false);
  const tabs = collections.data?.collections ?? ["orders", "bookings", "leads"];
  const collection = tabs.includes(picked) ? picked : tabs[0];
  const filter = { from: dayStart(from), to: dayEnd(to) };

  const records = useInfiniteQuery({
    queryKey: ["records", collection, filter],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<Page<RecordRow>>(`/api/dashboard/records/${collection}`, { query: { ...filter, cursor: pageParam, limit: 100 }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 5000,
  });
  const rows = records.data?.pages.flatMap((p) => p.data) ?? [];
  const fields = fieldColumns(rows);

  async function exportCsv() {
    setExporting(true);
    try {
      // Every row of the filter, not only the pages on screen.
      const all: RecordRow[] = [];
      let cursor: string | undefined;
      do {
        const page = await apiFetch<Page<RecordRow>>(`/api/dashboard/records/${collection}`, { query: { ...filter, cursor, limit: 200 } });
        all.push(...page.data);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      downloadText(`${collection}${from ? `-from-${from}` : ""}${to ? `-to-${to}` : ""}.csv`, recordsToCsv(all));
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
                  header: "Captured",
                  render: (r) => (
                    <span style={{ whiteSpace: "nowrap" }}>
                      {new Date(r.createdAt).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" })}
                    </span>
                  ),
                },
                ...fields.map((f) => ({
                  key: `f-${f}`,
                  header: f,
                  render: (r: RecordRow) => (
                    <span className="cell-clip" style={{ display: "block" }}>
                      {cellText(r.fields[f]) || "—"}
                    </span>
                  ),
                })),
                {
                  key: "conversation",
                  header: "Conversation",
                  render: (r) => (r.conversationId ? <Link href={`/inbox?c=${r.conversationId}`}>Open</Link> : <span className="muted">—</span>),
                },
              ]}
            />
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
