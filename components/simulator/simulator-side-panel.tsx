"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { Page } from "@/components/inbox/types";
import { statusLabel, statusTone } from "@/components/inbox/types";
import { formatFieldValue } from "@/components/records/record-format";
import { moneyOf, type RecordLayout, type RecordRow } from "@/components/records/records-csv";
import { STANDARD_MONEY_FIELDS } from "@/lib/shared/record-money";
import { Badge, Card, ErrorState, Skeleton } from "@/components/ui";
import { apiFetch } from "@/components/data/fetcher";
import type { SandboxCustomer } from "./sandbox-customer";

/** What the conversation has produced so far: its status and the records its skills captured. */
export function SimulatorSidePanel({
  customer,
  conversationId,
  status,
}: {
  customer: SandboxCustomer;
  conversationId: string | null;
  status: "open" | "handoff" | "closed" | null;
}) {
  // Re-read while the conversation runs: a skill may write the business's first record of a collection
  // (its first appointment) after the page opened.
  const collections = useQuery({
    queryKey: ["record-collections"],
    queryFn: () => apiFetch<{ collections: string[] }>("/v1/internal/records"),
    refetchInterval: conversationId ? 2000 : false,
  });
  const records = useQuery({
    queryKey: ["simulator-records", conversationId, collections.data?.collections],
    enabled: !!conversationId && !!collections.data,
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        (collections.data?.collections ?? []).map((c) =>
          apiFetch<Page<RecordRow>>(`/v1/internal/records/${c}`, { query: { conversationId: conversationId ?? undefined, limit: 50 }, signal }),
        ),
      );
      return pages.flatMap((p) => p.data).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    refetchInterval: 2000,
  });
  // How each collection's fields read (amounts as money, never cents; times in the business's zone).
  const shown = [...new Set((records.data ?? []).map((r) => r.collection))].sort();
  const layouts = useQuery({
    queryKey: ["record-layouts", shown],
    enabled: shown.length > 0,
    queryFn: async ({ signal }) =>
      Object.fromEntries(
        await Promise.all(shown.map(async (c) => [c, await apiFetch<RecordLayout>(`/v1/internal/records/${c}/layout`, { signal })] as const)),
      ),
  });
  const layoutOf = (collection: string): RecordLayout =>
    layouts.data?.[collection] ?? {
      labels: {},
      timeZone: "UTC",
      moneyFields: [...(STANDARD_MONEY_FIELDS[collection] ?? [])],
      money: { currency: null, language: "en" },
    };

  return (
    <div className="stack" style={{ minHeight: 0, overflowY: "auto" }}>
      <Card title="Conversation">
        <dl className="kv">
          <dt>Customer</dt>
          <dd>{customer.name}</dd>
          <dt>Phone</dt>
          <dd className="mono">{customer.phone}</dd>
          <dt>Status</dt>
          <dd data-testid="sim-status">
            {status ? <Badge tone={statusTone[status]}>{statusLabel[status]}</Badge> : <span className="muted">Not started</span>}
          </dd>
        </dl>
        {conversationId ? (
          <div style={{ marginTop: 10 }}>
            <Link href={`/inbox?c=${conversationId}`}>Open in inbox →</Link>
          </div>
        ) : null}
      </Card>
      <Card title="Records captured">
        {!conversationId ? (
          <div className="muted small">Records the assistant captures in this conversation appear here.</div>
        ) : records.isPending ? (
          <Skeleton lines={3} />
        ) : records.isError ? (
          <ErrorState error={records.error} title="Could not load records" onRetry={() => records.refetch()} />
        ) : records.data.length === 0 ? (
          <div className="muted small">None yet. Try booking a table or placing an order.</div>
        ) : (
          <div className="stack" data-testid="sim-records">
            {records.data.map((r) => (
              <div key={r.id} style={{ borderBottom: "1px solid var(--border)", paddingBottom: 8 }}>
                <div className="row">
                  <Badge tone="accent">{r.collection}</Badge>
                  <span className="small muted">{new Date(r.createdAt).toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit" })}</span>
                </div>
                <dl className="kv" style={{ marginTop: 6 }}>
                  {Object.entries(r.fields).map(([k, v]) => (
                    <div key={k} style={{ display: "contents" }}>
                      <dt>{k}</dt>
                      <dd>{formatFieldValue(v, layoutOf(r.collection).timeZone, moneyOf(layoutOf(r.collection), k))}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            ))}
            <Link href="/records" className="small">
              All records →
            </Link>
          </div>
        )}
      </Card>
    </div>
  );
}
