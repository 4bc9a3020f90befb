"use client";
import "@/components/common/common.css";
import "./catalog.css";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Badge, Button, Card, EmptyState, ErrorState, Input, PageHeader, Skeleton, Table } from "@/components/ui";
import type { CatalogItemOut } from "@/lib/catalog/catalog-schema";
import { apiFetch } from "@/lib/dashboard/fetcher";
import type { Page } from "@/lib/pagination";
import { CatalogUpload } from "./catalog-upload";

type Collection = { collection: string; items: number };

const money = (p: CatalogItemOut["price"]) =>
  p ? new Intl.NumberFormat("en", { style: "currency", currency: p.currency }).format(p.amount / 100) : <span className="muted">—</span>;

/** /catalog: collections with counts, a collection's items (search, paging), and the file upload. */
export function CatalogView() {
  const [selected, setSelected] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const collections = useQuery({ queryKey: ["catalog", "collections"], queryFn: () => apiFetch<{ data: Collection[] }>("/api/dashboard/catalog") });
  const list = collections.data?.data ?? [];
  const current = selected && list.some((c) => c.collection === selected) ? selected : (list[0]?.collection ?? null);

  return (
    <>
      <PageHeader
        title="Catalog"
        description="Products, menu items and services your assistant can search and offer. Upload a file or use the catalog API."
        actions={
          <Button variant="primary" onClick={() => setUploading(true)} disabled={uploading}>
            Upload items
          </Button>
        }
      />
      {uploading ? (
        <CatalogUpload
          initialCollection={current ?? "products"}
          onDone={(collection) => {
            setUploading(false);
            if (collection) setSelected(collection);
          }}
        />
      ) : null}
      {collections.isPending ? (
        <Card>
          <Skeleton lines={4} />
        </Card>
      ) : collections.isError ? (
        <Card>
          <ErrorState error={collections.error} title="Could not load the catalog" onRetry={() => collections.refetch()} />
        </Card>
      ) : !list.length ? (
        uploading ? null : (
          <Card>
            <EmptyState icon="▦" title="Your catalog is empty" action={<Button onClick={() => setUploading(true)}>Upload a CSV or JSON file</Button>}>
              Each item needs an external id (your SKU) and a title; price, stock, description and image are optional.
            </EmptyState>
          </Card>
        )
      ) : (
        <div className="catalog-layout">
          <nav className="collection-list" aria-label="Collections">
            <div className="skill-palette-title">Collections</div>
            {list.map((c) => (
              <button
                key={c.collection}
                type="button"
                className="collection-item"
                aria-current={c.collection === current}
                onClick={() => setSelected(c.collection)}
              >
                <span className="mono">{c.collection}</span>
                <Badge>{c.items.toLocaleString("en")}</Badge>
              </button>
            ))}
          </nav>
          {current ? <CollectionItems key={current} collection={current} /> : null}
        </div>
      )}
    </>
  );
}

function CollectionItems({ collection }: { collection: string }) {
  const [search, setSearch] = useState("");
  const [debounced, setDebounced] = useState("");
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  useEffect(() => {
    const t = setTimeout(() => {
      setDebounced(search.trim());
      setCursors([null]);
    }, 250);
    return () => clearTimeout(t);
  }, [search]);
  const cursor = cursors.at(-1) ?? null;
  const items = useQuery({
    queryKey: ["catalog", "items", collection, debounced, cursor],
    queryFn: () => apiFetch<Page<CatalogItemOut>>(`/api/dashboard/catalog/${collection}/items`, { query: { search: debounced, cursor, limit: 25 } }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="stack" style={{ minWidth: 0 }}>
      <div className="toolbar" style={{ marginBottom: 0 }}>
        <Input
          id="catalog-search"
          label="Search"
          type="search"
          placeholder="Title or external id"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {items.isPending ? (
        <Card>
          <Skeleton lines={5} />
        </Card>
      ) : items.isError ? (
        <Card>
          <ErrorState error={items.error} onRetry={() => items.refetch()} />
        </Card>
      ) : !items.data.data.length ? (
        <Card>
          <EmptyState title={debounced ? `Nothing matches “${debounced}”` : "No items"} />
        </Card>
      ) : (
        <Table
          caption={`Items of ${collection}`}
          rows={items.data.data}
          rowKey={(i) => i.id}
          columns={[
            { key: "externalId", header: "External id", render: (i) => <span className="mono small">{i.externalId}</span> },
            {
              key: "title",
              header: "Title",
              render: (i) => (
                <div>
                  <strong>{i.title}</strong>
                  {i.description ? <div className="muted small cell-clip">{i.description}</div> : null}
                </div>
              ),
            },
            { key: "price", header: "Price", numeric: true, render: (i) => money(i.price) },
            {
              key: "stock",
              header: "Stock",
              render: (i) => (i.inStock ? <Badge tone="success">in stock</Badge> : <Badge tone="warning">out of stock</Badge>),
            },
            { key: "updated", header: "Updated", render: (i) => new Date(i.updatedAt).toLocaleDateString("en", { dateStyle: "medium" }) },
          ]}
        />
      )}
      <div className="pager">
        <Button size="sm" disabled={cursors.length < 2} onClick={() => setCursors(cursors.slice(0, -1))}>
          ← Newer
        </Button>
        <Button
          size="sm"
          disabled={!items.data?.nextCursor}
          onClick={() => items.data?.nextCursor && setCursors([...cursors, items.data.nextCursor])}
        >
          Older →
        </Button>
      </div>
    </div>
  );
}
