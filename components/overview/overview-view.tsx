"use client";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DailyActivityChart, type DailyPoint } from "@/components/charts/daily-activity-chart";
import { Card, ErrorState, PageHeader, Skeleton, Tabs } from "@/components/ui";
import { apiFetch } from "@/components/data/fetcher";
import type { OperationOutput } from "@/lib/api/operation";
import type { overviewAnalytics, usageWallet } from "@/lib/api/operations";
import { EmptyCollectionWarnings, GettingStarted } from "./getting-started";
import { WhatsAppChargesCard, WhatsAppThisMonth } from "./whatsapp-charges";
import "./overview.css";

type Summary = OperationOutput<typeof overviewAnalytics>["summary"];
type Wallet = OperationOutput<typeof usageWallet>;

const windows = [
  { id: "24h", label: "24 hours" },
  { id: "7d", label: "7 days" },
  { id: "30d", label: "30 days" },
  { id: "90d", label: "90 days" },
];

const fmt = (n: number) => n.toLocaleString("en");

export function OverviewView() {
  const [range, setRange] = useState("7d");
  const analytics = useQuery({
    queryKey: ["analytics", range],
    queryFn: () => apiFetch<{ summary: Summary; daily: DailyPoint[] }>("/v1/internal/analytics", { query: { window: range } }),
  });
  const wallet = useQuery({ queryKey: ["wallet"], queryFn: () => apiFetch<Wallet>("/v1/usage/wallet") });
  const s = analytics.data?.summary;
  const resolvedShare = s?.conversations ? Math.round((s.resolvedByAssistant / s.conversations) * 100) : null;

  return (
    <>
      <PageHeader title="Overview" description="How your assistant is doing, and what it has left to spend." />
      <div className="stack" style={{ gap: 12, marginBottom: 16 }}>
        <EmptyCollectionWarnings />
        <GettingStarted />
      </div>
      <Tabs tabs={windows} value={range} onChange={setRange} label="Time window" />
      {analytics.isError ? (
        <Card>
          <ErrorState error={analytics.error} title="Could not load the analytics" onRetry={() => analytics.refetch()} />
        </Card>
      ) : (
        <div className="stack" style={{ gap: 16 }} role="tabpanel" aria-labelledby={`tab-${range}`}>
          <div className="grid-4">
            <Stat label="Conversations" value={s && fmt(s.conversations)} hint="with any message in the window" />
            <Stat
              label="Resolved by assistant"
              value={s && fmt(s.resolvedByAssistant)}
              hint={resolvedShare === null ? "answered with no handoff" : `${resolvedShare}% of conversations`}
            />
            <Stat label="Leads" value={s && fmt(s.leads)} hint="records captured in leads" />
            <Stat label="Handoffs" value={s && fmt(s.handoffs)} hint="conversations passed to a person" />
          </div>
          <div className="overview-split">
            <Card title="Daily activity (UTC)">
              {analytics.isPending ? (
                <Skeleton lines={6} height={28} />
              ) : analytics.data.daily.every((d) => !d.conversations && !d.records && !d.handoffs) ? (
                <div className="state">
                  <div className="state-title">No activity in this window yet</div>
                  <div>Conversations appear here once customers write in (try the simulator).</div>
                </div>
              ) : (
                <DailyActivityChart data={analytics.data.daily} />
              )}
            </Card>
            <WalletCard wallet={wallet} />
          </div>
          <WhatsAppChargesCard />
        </div>
      )}
    </>
  );
}

function Stat({ label, value, hint }: { label: string; value: string | undefined; hint: string }) {
  return (
    <Card>
      <div className="stat-label">{label}</div>
      <div className="stat-value">{value ?? <span className="skeleton" style={{ display: "block", width: 60, height: 30 }} />}</div>
      <div className="small muted">{hint}</div>
    </Card>
  );
}

function WalletCard({ wallet }: { wallet: UseQueryResult<Wallet> }) {
  return (
    <Card title="Wallet">
      {wallet.isPending ? (
        <Skeleton lines={4} />
      ) : wallet.isError ? (
        <ErrorState error={wallet.error} title="Could not load the wallet" onRetry={() => wallet.refetch()} />
      ) : (
        <div className="stack" style={{ gap: 14 }}>
          <div>
            <div className="stat-label">Balance</div>
            <div className="stat-value" data-testid="wallet-balance">
              {fmt(wallet.data.balanceTokens)} <span className="small muted">tokens</span>
            </div>
            {wallet.data.balanceTokens === 0 ? (
              <div className="alert alert-warning" style={{ marginTop: 8 }}>
                The balance is empty: the assistant hands new messages to your team until tokens are added.
              </div>
            ) : null}
          </div>
          <dl className="kv">
            <dt>Used this period</dt>
            <dd>{fmt(wallet.data.periodUsedTokens)} tokens</dd>
            <dt>Period ends</dt>
            <dd>{new Date(wallet.data.periodEndsAt).toLocaleDateString("en", { dateStyle: "medium", timeZone: "UTC" })}</dd>
            <WhatsAppThisMonth />
          </dl>
          <div className="small muted">
            Only the assistant's automated replies spend tokens; your team's replies are free. WhatsApp charges its own fees, shown below.
          </div>
        </div>
      )}
    </Card>
  );
}
