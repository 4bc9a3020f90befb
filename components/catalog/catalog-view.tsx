"use client";
import "@/components/common/common.css";
import "./catalog.css";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Badge, Button, Card, EmptyState, ErrorState, PageHeader, Skeleton } from "@/components/ui";
import { apiFetch } from "@/components/data/fetcher";
import { CatalogItems as CollectionItems } from "./catalog-items";
import { catalogUsageQuery } from "@/components/overview/getting-started";
import { CatalogUpload } from "./catalog-upload";
import type { OperationOutput } from "@/lib/api/operation";
import type { catalogCollections } from "@/lib/api/operations";

type Collection = OperationOutput<typeof catalogCollections>["data"][number];

/** /catalog: collections with counts, a collection's items (search, paging), and the file upload. */
export function CatalogView() {
  const [selected, setSelected] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const collections = useQuery({ queryKey: ["catalog", "collections"], queryFn: () => apiFetch<{ data: Collection[] }>("/v1/internal/catalog") });
  const list = collections.data?.data ?? [];
  const current = selected && list.some((c) => c.collection === selected) ? selected : (list[0]?.collection ?? null);
  // The upload goes where the order skill searches (or where the overview's warning sent the owner).
  const usage = useQuery(catalogUsageQuery);
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    const fromUrl = new URLSearchParams(window.location.search).get("collection");
    if (fromUrl) {
      setAsked(fromUrl);
      setUploading(true);
    }
  }, []);

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
      {uploading && usage.isPending ? (
        <Card>
          <Skeleton lines={3} />
        </Card>
      ) : uploading ? (
        // Mounted once the suggestion is known, and never re-keyed: a refetch after the upload must
        // not reset the form (or its summary) while it is open.
        <CatalogUpload
          initialCollection={asked ?? usage.data?.suggestedCollection ?? current ?? ""}
          usage={usage.data ?? null}
          onDone={(collection) => {
            setUploading(false);
            setAsked(null);
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
          {current ? <CollectionItems key={current} collection={current} onCollectionDeleted={() => setSelected(null)} /> : null}
        </div>
      )}
    </>
  );
}
