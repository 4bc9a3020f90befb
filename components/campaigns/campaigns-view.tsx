"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import {
  Badge,
  type BadgeTone,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Input,
  PageHeader,
  Skeleton,
  Table,
  useToast,
} from "@/components/ui";
import type { CampaignOut, RecipientOut } from "@/lib/campaigns/campaign-schema";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import type { Page } from "@/lib/pagination";
import { CampaignForm } from "./campaign-form";
import type { OperationOutput } from "@/lib/api/operation";
import type { campaignSettingsGet } from "@/lib/api/operations";

// Why recipients failed, as an owner reads it (counts.failedByReason).
const failureLabels: Record<string, string> = {
  marketing_limited: "limited by WhatsApp for now",
  marketing_opted_out: "stopped marketing in WhatsApp (opted out)",
  channel_experiment: "held back by Meta's experiment",
  undeliverable: "not on WhatsApp or undeliverable",
  outside_messaging_window: "outside the 24-hour window",
  unconfirmed: "no answer from WhatsApp",
  channel_error: "refused by WhatsApp",
};

const statusTone: Record<CampaignOut["status"], BadgeTone> = {
  scheduled: "info",
  running: "accent",
  paused: "warning",
  completed: "success",
  cancelled: "neutral",
};
const recipientTone: Record<string, BadgeTone> = {
  pending: "neutral",
  sending: "info",
  sent: "info",
  delivered: "accent",
  read: "success",
  failed: "danger",
  skipped: "warning",
  cancelled: "neutral",
};
const live = (c: CampaignOut) => c.status === "running" || c.status === "scheduled";
const n = (v: number) => v.toLocaleString("en");
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" }) : "—");

/** /campaigns: template broadcasts with live counts, a detail per campaign, and the sending limits. */
export function CampaignsView() {
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const campaigns = useQuery({
    queryKey: ["campaigns", "list"],
    queryFn: () => apiFetch<Page<CampaignOut>>("/v1/campaigns", { query: { limit: 100 } }),
    // Counts move while a campaign sends and as delivery and read receipts come in.
    refetchInterval: (q) => ((q.state.data?.data ?? []).some(live) ? 2000 : 15_000),
  });
  const rows = campaigns.data?.data ?? [];
  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Send an approved template to chosen customers, paced within your number's WhatsApp limits. Customers who replied STOP never receive one."
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            New campaign
          </Button>
        }
      />
      {campaigns.isPending ? (
        <Card>
          <Skeleton lines={4} />
        </Card>
      ) : campaigns.isError ? (
        <Card>
          <ErrorState error={campaigns.error} title="Could not load the campaigns" onRetry={() => campaigns.refetch()} />
        </Card>
      ) : !rows.length ? (
        <Card>
          <EmptyState icon="✺" title="No campaigns yet" action={<Button onClick={() => setCreating(true)}>Create a campaign</Button>}>
            Pick a template and an audience (tags, a search, recent customers or a CSV of phones), check the count, and send it now or later.
          </EmptyState>
        </Card>
      ) : (
        <Table
          caption="Campaigns"
          rows={rows}
          rowKey={(c) => c.id}
          columns={[
            {
              key: "name",
              header: "Name",
              render: (c) => (
                <button type="button" className="link-button" onClick={() => setSelected(c.id)}>
                  {c.name}
                </button>
              ),
            },
            { key: "template", header: "Template", render: (c) => <span className="mono">{c.template.name}</span> },
            { key: "status", header: "Status", render: (c) => <Badge tone={statusTone[c.status]}>{c.status}</Badge> },
            { key: "total", header: "Recipients", numeric: true, render: (c) => n(c.counts.total) },
            { key: "sent", header: "Sent", numeric: true, render: (c) => n(c.counts.sent) },
            { key: "delivered", header: "Delivered", numeric: true, render: (c) => n(c.counts.delivered) },
            { key: "read", header: "Read", numeric: true, render: (c) => n(c.counts.read) },
            { key: "replied", header: "Replied", numeric: true, render: (c) => n(c.counts.replied) },
            { key: "failed", header: "Failed", numeric: true, render: (c) => n(c.counts.failed) },
            { key: "when", header: "Started", render: (c) => (c.status === "scheduled" ? `Scheduled ${when(c.scheduledAt)}` : when(c.startedAt)) },
          ]}
        />
      )}
      <div className="stack" style={{ marginTop: 16 }}>
        {selected ? <CampaignDetail id={selected} onClose={() => setSelected(null)} /> : null}
        <SendingLimits />
      </div>
      {creating ? (
        <CampaignForm
          onClose={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            setSelected(c.id);
          }}
        />
      ) : null}
    </>
  );
}

function CampaignDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const campaign = useQuery({
    queryKey: ["campaigns", id],
    queryFn: () => apiFetch<CampaignOut>(`/v1/campaigns/${encodeURIComponent(id)}`),
    refetchInterval: (q) => (q.state.data && live(q.state.data) ? 2000 : 10_000),
  });
  const recipients = useQuery({
    queryKey: ["campaigns", id, "recipients"],
    queryFn: () => apiFetch<Page<RecipientOut>>(`/v1/campaigns/${encodeURIComponent(id)}/recipients`, { query: { limit: 50 } }),
    refetchInterval: campaign.data && live(campaign.data) ? 3000 : false,
  });
  const move = useMutation({
    mutationFn: (action: "pause" | "resume" | "cancel") =>
      apiFetch<CampaignOut>(`/v1/campaigns/${encodeURIComponent(id)}/${action}`, { method: "POST" }),
    onSuccess: (c) => {
      toast.success(`${c.name} is ${c.status}.`);
      setConfirmCancel(false);
      client.invalidateQueries({ queryKey: ["campaigns"] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const c = campaign.data;
  return (
    <Card>
      <section className="stack" aria-label="Campaign">
        {campaign.isPending ? (
          <Skeleton lines={3} />
        ) : campaign.isError ? (
          <ErrorState error={campaign.error} title="Could not load the campaign" onRetry={() => campaign.refetch()} />
        ) : c ? (
          <>
            <div className="row" style={{ justifyContent: "space-between" }}>
              <h2 style={{ margin: 0 }}>
                {c.name} <Badge tone={statusTone[c.status]}>{c.status}</Badge>
              </h2>
              <div className="row">
                {c.status === "running" || c.status === "scheduled" ? (
                  <Button size="sm" onClick={() => move.mutate("pause")} loading={move.isPending && move.variables === "pause"}>
                    Pause
                  </Button>
                ) : null}
                {c.status === "paused" ? (
                  <Button size="sm" onClick={() => move.mutate("resume")} loading={move.isPending && move.variables === "resume"}>
                    Resume
                  </Button>
                ) : null}
                {c.status === "running" || c.status === "paused" || c.status === "scheduled" ? (
                  <Button size="sm" variant="ghost" onClick={() => setConfirmCancel(true)}>
                    Cancel campaign
                  </Button>
                ) : null}
                <Button size="sm" variant="ghost" onClick={onClose} aria-label="Close campaign">
                  ✕
                </Button>
              </div>
            </div>
            <dl className="kv" data-testid="campaign-counts">
              <dt>Recipients</dt>
              <dd>{n(c.counts.total)}</dd>
              <dt>Waiting</dt>
              <dd>{n(c.counts.pending)}</dd>
              <dt>Sent</dt>
              <dd>{n(c.counts.sent)}</dd>
              <dt>Delivered</dt>
              <dd>{n(c.counts.delivered)}</dd>
              <dt>Read</dt>
              <dd>{n(c.counts.read)}</dd>
              <dt>Replied within 24 h</dt>
              <dd>{n(c.counts.replied)}</dd>
              <dt>Opted out</dt>
              <dd>{n(c.counts.optedOut)}</dd>
              <dt>Failed</dt>
              <dd>
                {n(c.counts.failed)}
                {Object.keys(c.counts.failedByReason ?? {}).length
                  ? ` (${Object.entries(c.counts.failedByReason)
                      .map(([reason, k]) => `${failureLabels[reason] ?? reason}: ${n(k)}`)
                      .join(", ")})`
                  : ""}
              </dd>
              {c.counts.cancelled ? (
                <>
                  <dt>Cancelled</dt>
                  <dd>{n(c.counts.cancelled)}</dd>
                </>
              ) : null}
              <dt>Scheduled</dt>
              <dd>{when(c.scheduledAt)}</dd>
              <dt>Completed</dt>
              <dd>{when(c.completedAt)}</dd>
            </dl>
            <h3 style={{ marginBottom: 0 }}>Recipients</h3>
            {recipients.isPending ? (
              <Skeleton lines={3} />
            ) : recipients.isError ? (
              <ErrorState error={recipients.error} title="Could not load the recipients" onRetry={() => recipients.refetch()} />
            ) : (
              <Table
                caption="Recipients"
                rows={recipients.data?.data ?? []}
                rowKey={(r) => r.contactId}
                columns={[
                  { key: "who", header: "Customer", render: (r) => r.name ?? r.phone },
                  { key: "phone", header: "Phone", render: (r) => <span className="mono">{r.phone}</span> },
                  { key: "vars", header: "Variables", className: "cell-clip", render: (r) => r.variables.join(" · ") || "—" },
                  { key: "status", header: "Status", render: (r) => <Badge tone={recipientTone[r.status] ?? "neutral"}>{r.status}</Badge> },
                  {
                    key: "error",
                    header: "Error",
                    className: "cell-clip",
                    render: (r) => (r.error ? <span title={r.error.message}>{r.error.channelCode ?? r.error.code}</span> : ""),
                  },
                ]}
              />
            )}
            {recipients.data?.nextCursor ? <div className="muted small">Showing the first 50; the API lists them all.</div> : null}
          </>
        ) : null}
      </section>
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel this campaign?"
        message={<p style={{ margin: 0 }}>Customers not sent to yet will not receive it. Messages already sent stay sent.</p>}
        confirmLabel="Cancel campaign"
        danger
        busy={move.isPending}
        onConfirm={() => move.mutate("cancel")}
        onCancel={() => setConfirmCancel(false)}
      />
    </Card>
  );
}

type Settings = OperationOutput<typeof campaignSettingsGet>;

function SendingLimits() {
  const client = useQueryClient();
  const toast = useToast();
  const settings = useQuery({ queryKey: ["campaigns", "settings"], queryFn: () => apiFetch<Settings>("/v1/internal/campaigns/settings") });
  const [form, setForm] = useState({ throughput: "", rate: "", daily: "", words: "" });
  useEffect(() => {
    if (settings.data) {
      setForm({
        throughput: String(settings.data.throughputPerSecond),
        rate: String(settings.data.ratePerSecond),
        daily: settings.data.dailyLimit === null ? "" : String(settings.data.dailyLimit),
        words: settings.data.optOutWords.join(", "),
      });
    }
  }, [settings.data]);
  const save = useMutation({
    mutationFn: () =>
      apiFetch<Settings>("/v1/internal/campaigns/settings", {
        method: "PUT",
        body: {
          throughputPerSecond: Number(form.throughput),
          ratePerSecond: Number(form.rate),
          dailyLimit: form.daily.trim() ? Number(form.daily) : null,
          optOutWords: form.words
            .split(",")
            .map((w) => w.trim())
            .filter(Boolean),
        },
      }),
    onSuccess: () => {
      toast.success("Sending limits saved.");
      client.invalidateQueries({ queryKey: ["campaigns", "settings"] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate();
  }
  return (
    <Card>
      <h2 style={{ marginTop: 0 }}>Sending limits</h2>
      {settings.isPending ? (
        <Skeleton lines={2} />
      ) : settings.isError ? (
        <ErrorState error={settings.error} title="Could not load the sending limits" onRetry={() => settings.refetch()} />
      ) : (
        <form className="stack" onSubmit={submit} aria-label="Sending limits">
          <div className="inline-fields">
            <Input
              id="limit-throughput"
              label="Number's throughput (messages/s)"
              type="number"
              min={1}
              value={form.throughput}
              onChange={(e) => setForm({ ...form, throughput: e.target.value })}
              hint="WhatsApp's default is 80."
            />
            <Input
              id="limit-rate"
              label="Campaign pace (messages/s)"
              type="number"
              min={1}
              value={form.rate}
              onChange={(e) => setForm({ ...form, rate: e.target.value })}
              hint="A tenth of the throughput always stays free for replies."
            />
            <Input
              id="limit-daily"
              label="Messaging limit (customers per 24 h)"
              type="number"
              min={1}
              value={form.daily}
              onChange={(e) => setForm({ ...form, daily: e.target.value })}
              hint="Your number's tier (250, 1,000, 10,000, 100,000); empty for unlimited."
            />
          </div>
          <Input
            id="limit-words"
            label="Your own opt-out words"
            value={form.words}
            onChange={(e) => setForm({ ...form, words: e.target.value })}
            hint="Comma-separated, besides STOP, PARAR, CANCELAR SUSCRIPCIÓN and the like."
          />
          <div>
            <Button type="submit" loading={save.isPending}>
              Save limits
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
