"use client";
import "./audit.css";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/components/data/fetcher";
import { Badge, Button, Card, EmptyState, ErrorState, Input, PageHeader, Select, Skeleton, Table } from "@/components/ui";
import type { AuditAction } from "@/lib/audit/actions";
import type { AuditEventOut } from "@/lib/audit/audit-schema";

type Page = { data: AuditEventOut[]; nextCursor: string | null };

// The actions in plain words, in the filter's order (lib/audit/actions.ts lists them; docs/audit.md explains them).
const actionLabels: Record<AuditAction, string> = {
  "auth.signed_in": "Signed in",
  "auth.sign_in_failed": "Failed sign-in",
  "account.password_changed": "Changed own password",
  "api_key.created": "API key created",
  "api_key.revoked": "API key revoked",
  "member.invited": "Member invited",
  "member.invite_revoked": "Invite revoked",
  "member.added": "Member joined",
  "member.removed": "Member removed",
  "member.role_changed": "Role changed",
  "channel.connected": "Channel connected",
  "channel.disconnected": "Channel disconnected",
  "webhook_endpoint.created": "Webhook endpoint created",
  "webhook_endpoint.updated": "Webhook endpoint changed",
  "webhook_endpoint.deleted": "Webhook endpoint deleted",
  "webhook_endpoint.secret_rotated": "Webhook secret rotated",
  "settings.business_hours_changed": "Business hours changed",
  "settings.business_facts_changed": "Business facts changed",
  "settings.business_languages_changed": "Languages served changed",
  "settings.inbox_changed": "Inbox settings changed",
  "settings.campaigns_changed": "Campaign settings changed",
  "settings.orders_changed": "Order settings changed",
  "settings.payments_changed": "Payment settings changed",
  "settings.privacy_changed": "Message retention changed",
  "settings.storage_quota_changed": "File storage quota changed",
  "settings.whatsapp_rates_changed": "WhatsApp rate card uploaded",
  "contact.exported": "Contact exported",
  "contact.erased": "Contact erased",
  "contact.opted_out_by_channel": "Opted out in WhatsApp",
};

// Date inputs are days in the viewer's time zone: from the start of `from` to the end of `to`.
const dayStart = (d: string) => (d ? new Date(`${d}T00:00:00`).toISOString() : undefined);
const dayAfter = (d: string) => (d ? new Date(new Date(`${d}T00:00:00`).getTime() + 86_400_000).toISOString() : undefined);
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });
const detailText = (d: Record<string, unknown>) =>
  Object.entries(d)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join("\n");

/** Owners: who did what, when and from where, with filters by action, actor and dates. */
export function AuditView() {
  const [action, setAction] = useState("");
  const [actorId, setActorId] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const filter = { action, actorId, since: dayStart(from), until: dayAfter(to) };

  // The actor filter offers the team and the keys (owners may read both).
  const team = useQuery({ queryKey: ["team"], queryFn: () => apiFetch<{ data: { id: string; email: string }[] }>("/v1/internal/team") });
  const keys = useQuery({
    queryKey: ["api-keys"],
    queryFn: () => apiFetch<{ data: { id: string; name: string; hint: string }[] }>("/v1/internal/api-keys"),
  });
  const actors = [
    { value: "", label: "Anyone" },
    ...(team.data?.data ?? []).map((u) => ({ value: u.id, label: u.email })),
    ...(keys.data?.data ?? []).map((k) => ({ value: k.id, label: k.name ? `${k.name} (key …${k.hint})` : `Key …${k.hint}` })),
  ];

  const events = useInfiniteQuery({
    queryKey: ["audit-events", filter],
    queryFn: ({ pageParam, signal }) => apiFetch<Page>("/v1/audit-events", { query: { ...filter, cursor: pageParam, limit: 50 }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = events.data?.pages.flatMap((p) => p.data) ?? [];
  const filtered = Boolean(action || actorId || from || to);

  return (
    <>
      <PageHeader
        title="Audit"
        description="Who signed in, changed keys, the team, the channel, webhooks or settings: when, and from which address. Entries cannot be changed."
      />
      <div className="toolbar audit-filters">
        <Select
          id="audit-action"
          label="Action"
          value={action}
          onChange={(e) => setAction(e.target.value)}
          options={[{ value: "", label: "All actions" }, ...Object.entries(actionLabels).map(([value, label]) => ({ value, label }))]}
        />
        <Select id="audit-actor" label="Who" value={actorId} onChange={(e) => setActorId(e.target.value)} options={actors} />
        <Input id="audit-from" label="From" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        <Input id="audit-to" label="To" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        {filtered ? (
          <Button
            variant="ghost"
            onClick={() => {
              setAction("");
              setActorId("");
              setFrom("");
              setTo("");
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
      {events.isPending ? (
        <Card>
          <Skeleton lines={6} height={22} />
        </Card>
      ) : events.isError ? (
        <Card>
          <ErrorState error={events.error} title="Could not load the audit trail" onRetry={() => events.refetch()} />
        </Card>
      ) : rows.length === 0 ? (
        <Card>
          <EmptyState title={filtered ? "Nothing matches these filters" : "Nothing recorded yet"} icon="⚲">
            Sign-ins, API keys, team changes, the channel, webhook endpoints and settings changes appear here.
          </EmptyState>
        </Card>
      ) : (
        <>
          <Table
            caption="Audit trail"
            rows={rows}
            rowKey={(r) => r.id}
            columns={[
              { key: "when", header: "When", render: (r) => <span style={{ whiteSpace: "nowrap" }}>{when(r.occurredAt)}</span> },
              {
                key: "action",
                header: "Action",
                render: (r) => <Badge tone={r.action === "auth.sign_in_failed" ? "danger" : "neutral"}>{actionLabels[r.action] ?? r.action}</Badge>,
              },
              {
                key: "who",
                header: "Who",
                render: (r) => (
                  <span className="audit-who">
                    <span>{r.actor.label || r.actor.id || "System"}</span>
                    <span className="muted small">{r.actor.type === "key" ? "API key" : r.actor.type === "user" ? "Member" : "System"}</span>
                  </span>
                ),
              },
              { key: "ip", header: "Address", render: (r) => <span className="mono small">{r.ip ?? "—"}</span> },
              {
                key: "target",
                header: "Target",
                render: (r) => (r.target ? <span className="mono small">{r.target.id}</span> : <span className="muted">—</span>),
              },
              {
                key: "details",
                header: "Details",
                render: (r) => <span className="audit-details small">{detailText(r.details) || "—"}</span>,
              },
            ]}
          />
          <div className="pager">
            <span className="muted small" style={{ marginRight: "auto" }}>
              {rows.length} shown
            </span>
            {events.hasNextPage ? (
              <Button size="sm" loading={events.isFetchingNextPage} onClick={() => events.fetchNextPage()}>
                Load more
              </Button>
            ) : null}
          </div>
        </>
      )}
    </>
  );
}
