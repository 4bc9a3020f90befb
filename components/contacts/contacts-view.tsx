"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { IntentLink } from "@/components/shell/intent-link";
import { useEffect, useMemo, useState } from "react";
import type { Contact, Page } from "@/components/inbox/types";
import { Badge, Button, Card, EmptyState, ErrorState, Input, PageHeader, Skeleton, Table } from "@/components/ui";
import { apiFetch } from "@/components/data/fetcher";
import { ContactEditor } from "./contact-editor";
import { contactIdentifiers, contactLabel } from "@/lib/shared/customer-address";

const PAGE_SIZE = 25;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function ContactsView({ openContactId, isOwner = false }: { openContactId?: string; isOwner?: boolean }) {
  const [search, setSearch] = useState("");
  const [tag, setTag] = useState("");
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [editing, setEditing] = useState<Contact | null>(null);
  // One debounced filter, so a search and a tag typed together apply together.
  const { q, t } = useDebounced(
    useMemo(() => ({ q: search.trim(), t: tag.trim() }), [search, tag]),
    250,
  );
  const cursor = cursors.at(-1);

  // A new search starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on filter change only.
  useEffect(() => setCursors([undefined]), [q, t]);

  const contacts = useQuery({
    queryKey: ["contacts", q, t, cursor],
    queryFn: ({ signal }) => apiFetch<Page<Contact>>("/v1/contacts", { query: { search: q, tag: t, cursor, limit: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  const linked = useQuery({
    queryKey: ["contact", openContactId],
    queryFn: () => apiFetch<Contact>(`/v1/internal/contacts/${openContactId}`),
    enabled: !!openContactId,
  });
  useEffect(() => {
    if (linked.data) setEditing(linked.data);
  }, [linked.data]);

  const rows = contacts.data?.data ?? [];
  const filtered = !!(q || t);
  return (
    <>
      <PageHeader title="Contacts" description="Everyone who has written to you or been messaged, with their tags and metadata." />
      <div className="toolbar">
        <div style={{ width: 280 }}>
          <Input
            id="contact-search"
            label="Search"
            type="search"
            placeholder="Name, phone or username"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div style={{ width: 200 }}>
          <Input id="contact-tag" label="Tag" placeholder="e.g. vip" value={tag} onChange={(e) => setTag(e.target.value)} />
        </div>
        {contacts.isFetching && !contacts.isPending ? <span className="spinner" role="status" aria-label="Refreshing" /> : null}
      </div>
      {contacts.isPending ? (
        <Card>
          <Skeleton lines={6} height={22} />
        </Card>
      ) : contacts.isError ? (
        <Card>
          <ErrorState error={contacts.error} title="Could not load contacts" onRetry={() => contacts.refetch()} />
        </Card>
      ) : rows.length === 0 ? (
        <Card>
          {filtered ? (
            <EmptyState title="No contacts match" icon="☺">
              Try another name, phone or tag.
            </EmptyState>
          ) : (
            <EmptyState title="No contacts yet" icon="☺">
              Contacts appear when customers write in, or when you message them through the API.
            </EmptyState>
          )}
        </Card>
      ) : (
        <div data-testid="contacts-results" data-search={q} data-tag={t} aria-busy={contacts.isFetching}>
          <Table
            caption="Contacts"
            rows={rows}
            rowKey={(c) => c.id}
            columns={[
              { key: "name", header: "Name", render: (c) => c.name ?? <span className="muted">—</span> },
              { key: "phone", header: "Phone or WhatsApp id", render: (c) => <span className="mono">{contactIdentifiers(c)}</span> },
              {
                key: "tags",
                header: "Tags",
                render: (c) => (
                  <div className="row-wrap">
                    {c.tags.map((tg) => (
                      <Badge key={tg} tone="accent">
                        {tg}
                      </Badge>
                    ))}
                  </div>
                ),
              },
              {
                key: "metadata",
                header: "Metadata",
                render: (c) => (
                  <span className="mono cell-clip" style={{ display: "block" }}>
                    {Object.keys(c.metadata).length ? JSON.stringify(c.metadata) : "—"}
                  </span>
                ),
              },
              { key: "updated", header: "Updated", render: (c) => new Date(c.updatedAt).toLocaleDateString("en", { dateStyle: "medium" }) },
              {
                key: "actions",
                header: <span className="sr-only">Actions</span>,
                render: (c) => (
                  <div className="row">
                    <Button size="sm" onClick={() => setEditing(c)} aria-label={`Edit ${c.name ?? contactLabel(c)}`}>
                      Edit
                    </Button>
                    <IntentLink className="btn btn-sm btn-ghost" href={`/inbox?contact=${c.id}`}>
                      Conversations
                    </IntentLink>
                  </div>
                ),
              },
            ]}
          />
          <div className="pager">
            <Button size="sm" disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
              ← Previous
            </Button>
            <Button size="sm" disabled={!contacts.data?.nextCursor} onClick={() => setCursors((c) => [...c, contacts.data?.nextCursor ?? undefined])}>
              Next →
            </Button>
          </div>
        </div>
      )}
      {editing ? <ContactEditor key={editing.id} contact={editing} isOwner={isOwner} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
