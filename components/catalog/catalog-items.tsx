"use client";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  Dialog,
  EmptyState,
  ErrorState,
  Input,
  Select,
  Skeleton,
  Table,
  Textarea,
  useToast,
} from "@/components/ui";
import type { CatalogItemOut } from "@/lib/shared/catalog-schema";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";
import type { Page } from "@/lib/pagination";
import { useMoneyFormat } from "@/components/data/use-money-format";
import type { Language } from "@/lib/language";
import { currencyDigits, formatMoney } from "@/lib/shared/locale-format";

const money = (p: CatalogItemOut["price"], lang: Language) => (p ? formatMoney(p.amount, p.currency, lang) : <span className="muted">—</span>);

const itemsPath = (collection: string) => `/v1/catalog/${collection}/items`;

/** A collection's items: search, in-stock filter, paging, edit and delete one, select and delete many, delete the collection. */
export function CatalogItems({ collection, onCollectionDeleted }: { collection: string; onCollectionDeleted: () => void }) {
  const toast = useToast();
  const client = useQueryClient();
  const moneyFormat = useMoneyFormat();
  const [search, setSearch] = useState("");
  const [debounced, setDebounced] = useState("");
  const [stock, setStock] = useState<"" | "true" | "false">("");
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<CatalogItemOut | null>(null);
  const [deleting, setDeleting] = useState<CatalogItemOut | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [collectionOpen, setCollectionOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => {
      setDebounced(search.trim());
      setCursors([null]);
    }, 250);
    return () => clearTimeout(t);
  }, [search]);
  const cursor = cursors.at(-1) ?? null;
  const items = useQuery({
    queryKey: ["catalog", "items", collection, debounced, stock, cursor],
    queryFn: () => apiFetch<Page<CatalogItemOut>>(itemsPath(collection), { query: { search: debounced, inStock: stock, cursor, limit: 25 } }),
    placeholderData: keepPreviousData,
  });
  const rows = items.data?.data ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ["catalog"] });
  };

  async function run(action: () => Promise<string>, done: () => void) {
    setBusy(true);
    try {
      toast.success(await action());
      done();
      await refresh();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    on ? next.add(id) : next.delete(id);
    setSelected(next);
  };

  return (
    <div className="stack" style={{ minWidth: 0 }}>
      <div className="toolbar catalog-toolbar" style={{ marginBottom: 0 }}>
        <Input
          id="catalog-search"
          label="Search"
          type="search"
          placeholder="Name, description, SKU"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Select
          id="catalog-stock"
          label="Stock"
          value={stock}
          onChange={(e) => {
            setStock(e.target.value as typeof stock);
            setCursors([null]);
          }}
          options={[
            { value: "", label: "All items" },
            { value: "true", label: "In stock" },
            { value: "false", label: "Out of stock" },
          ]}
        />
        <div className="catalog-bulk">
          <Button variant="danger" size="sm" disabled={!selected.size} onClick={() => setBulkOpen(true)}>
            Delete selected{selected.size ? ` (${selected.size})` : ""}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setCollectionOpen(true)}>
            Delete collection…
          </Button>
        </div>
      </div>
      {items.isPending ? (
        <Card>
          <Skeleton lines={5} />
        </Card>
      ) : items.isError ? (
        <Card>
          <ErrorState error={items.error} onRetry={() => items.refetch()} />
        </Card>
      ) : !rows.length ? (
        <Card>
          <EmptyState title={debounced ? `Nothing matches “${debounced}”` : stock ? "No items with this stock" : "No items"} />
        </Card>
      ) : (
        <Table
          caption={`Items of ${collection}`}
          rows={rows}
          rowKey={(i) => i.id}
          columns={[
            {
              key: "select",
              header: (
                <input
                  type="checkbox"
                  aria-label="Select every item on this page"
                  checked={allOnPage}
                  onChange={(e) => {
                    const next = new Set(selected);
                    for (const r of rows) e.target.checked ? next.add(r.id) : next.delete(r.id);
                    setSelected(next);
                  }}
                />
              ),
              render: (i) => (
                <input
                  type="checkbox"
                  aria-label={`Select ${i.title}`}
                  checked={selected.has(i.id)}
                  onChange={(e) => toggle(i.id, e.target.checked)}
                />
              ),
            },
            { key: "externalId", header: "SKU", render: (i) => <span className="mono small">{i.externalId}</span> },
            {
              key: "title",
              header: "Name",
              render: (i) => (
                <div>
                  <strong>{i.title}</strong>
                  {i.description ? <div className="muted small cell-clip">{i.description}</div> : null}
                </div>
              ),
            },
            { key: "price", header: "Price", numeric: true, render: (i) => money(i.price, moneyFormat.language) },
            {
              key: "stock",
              header: "Stock",
              render: (i) => (
                <span className="row" style={{ gap: 6 }}>
                  {i.inStock ? <Badge tone="success">in stock</Badge> : <Badge tone="warning">out of stock</Badge>}
                  {i.stock !== null ? (
                    <span className="muted small" data-testid="stock-count">
                      {i.stock} left
                    </span>
                  ) : null}
                </span>
              ),
            },
            { key: "updated", header: "Updated", render: (i) => new Date(i.updatedAt).toLocaleDateString("en", { dateStyle: "medium" }) },
            {
              key: "actions",
              header: <span className="sr-only">Actions</span>,
              render: (i) => (
                <div className="row-wrap catalog-actions">
                  <Button size="sm" aria-label={`Edit ${i.title}`} onClick={() => setEditing(i)}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" aria-label={`Delete ${i.title}`} onClick={() => setDeleting(i)}>
                    Delete
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
      <div className="pager">
        <span className="muted small" style={{ marginRight: "auto" }}>
          {selected.size ? `${selected.size} selected` : ""}
        </span>
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
      {editing ? <EditItemDialog collection={collection} item={editing} onClose={() => setEditing(null)} onSaved={refresh} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this item?"
        message={deleting ? `“${deleting.title}” (${deleting.externalId}) leaves ${collection}; the assistant stops offering it.` : ""}
        confirmLabel="Delete item"
        danger
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          run(
            async () => {
              await apiFetch(`${itemsPath(collection)}/${deleting.id}`, { method: "DELETE" });
              toggle(deleting.id, false);
              return `Deleted ${deleting.title}.`;
            },
            () => setDeleting(null),
          )
        }
      />
      <ConfirmDialog
        open={bulkOpen}
        title={`Delete ${selected.size} ${selected.size === 1 ? "item" : "items"}?`}
        message={`The selected items leave ${collection}; the assistant stops offering them.`}
        confirmLabel="Delete selected"
        danger
        busy={busy}
        onCancel={() => setBulkOpen(false)}
        onConfirm={() =>
          run(
            async () => {
              const out = await apiFetch<{ deleted: number }>(`${itemsPath(collection)}/delete`, { body: { ids: [...selected] } });
              setSelected(new Set());
              setCursors([null]);
              return `Deleted ${out.deleted} ${out.deleted === 1 ? "item" : "items"}.`;
            },
            () => setBulkOpen(false),
          )
        }
      />
      {collectionOpen ? (
        <DeleteCollectionDialog
          collection={collection}
          busy={busy}
          onCancel={() => setCollectionOpen(false)}
          onConfirm={(confirm) =>
            run(
              async () => {
                const out = await apiFetch<{ deleted: number }>(`/v1/catalog/${collection}`, { method: "DELETE", query: { confirm } });
                return `Deleted the collection ${collection} (${out.deleted} ${out.deleted === 1 ? "item" : "items"}).`;
              },
              () => {
                setCollectionOpen(false);
                onCollectionDeleted();
              },
            )
          }
        />
      ) : null}
    </div>
  );
}

/** Deleting a whole collection asks for its name, typed. */
function DeleteCollectionDialog({
  collection,
  busy,
  onCancel,
  onConfirm,
}: {
  collection: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (confirm: string) => void;
}) {
  const [typed, setTyped] = useState("");
  return (
    <Dialog
      open
      onClose={onCancel}
      title={`Delete the collection ${collection}?`}
      footer={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="danger" loading={busy} disabled={typed !== collection} onClick={() => onConfirm(typed)}>
            Delete every item
          </Button>
        </>
      }
    >
      <p>
        Every item of <strong className="mono">{collection}</strong> is deleted. Skills that search it find nothing until you upload it again.
      </p>
      <Input
        id="confirm-collection"
        label={`Type ${collection} to confirm`}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
      />
    </Dialog>
  );
}

type Draft = {
  externalId: string;
  title: string;
  price: string;
  currency: string;
  inStock: boolean;
  stock: string;
  description: string;
  imageUrl: string;
};

/** Edit one item: the same rules as the API (PATCH /v1/catalog/{collection}/items/{id}); its problems show by their field. */
function EditItemDialog({
  collection,
  item,
  onClose,
  onSaved,
}: {
  collection: string;
  item: CatalogItemOut;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>({
    externalId: item.externalId,
    title: item.title,
    // In the currency's units with its decimals (12.50 EUR, 1250 JPY), never its minor unit.
    price: item.price ? (item.price.amount / 10 ** currencyDigits(item.price.currency)).toFixed(currencyDigits(item.price.currency)) : "",
    currency: item.price?.currency ?? "EUR",
    inStock: item.inStock,
    stock: item.stock === null ? "" : String(item.stock),
    description: item.description ?? "",
    imageUrl: item.imageUrl ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  async function save(e: FormEvent) {
    e.preventDefault();
    const problems: Record<string, string> = {};
    const priceText = draft.price.trim().replace(",", ".");
    const currency = draft.currency.trim().toUpperCase();
    const digits = currencyDigits(currency);
    if (priceText && !/^\d+(\.\d{1,3})?$/.test(priceText)) problems.price = `'${draft.price}' is not a price such as 12.50.`;
    else if (priceText && (priceText.split(".")[1]?.length ?? 0) > digits) {
      problems.price = digits
        ? `${currency} has ${digits} decimals: a price such as ${(1250 / 10 ** digits).toFixed(digits)}.`
        : `${currency} has no decimals.`;
    }
    const stockText = draft.stock.trim();
    if (stockText && !/^\d{1,9}$/.test(stockText)) problems.stock = `'${draft.stock}' is not a number of units such as 12 (empty: not counted).`;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setSaving(true);
    try {
      await apiFetch(`/v1/catalog/${collection}/items/${item.id}`, {
        method: "PATCH",
        body: {
          externalId: draft.externalId.trim(),
          title: draft.title.trim(),
          price: priceText ? { amount: Math.round(Number(priceText) * 10 ** digits), currency } : null,
          inStock: draft.inStock,
          stock: stockText ? Number(stockText) : null,
          description: draft.description.trim() || null,
          imageUrl: draft.imageUrl.trim() || null,
        },
      });
      toast.success(`Saved ${draft.title.trim()}.`);
      await onSaved();
      onClose();
    } catch (err) {
      if (err instanceof DashboardError && err.details?.length) {
        setErrors(Object.fromEntries(err.details.map((d) => [d.path.split(".")[0], d.message])));
      } else toast.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Edit ${item.title}`}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="edit-item-form" loading={saving}>
            Save
          </Button>
        </>
      }
    >
      <form id="edit-item-form" className="stack catalog-edit" onSubmit={save} noValidate>
        <Input id="item-title" label="Name" value={draft.title} error={errors.title} onChange={(e) => set({ title: e.target.value })} />
        <Input
          id="item-sku"
          label="SKU (external id)"
          value={draft.externalId}
          error={errors.externalId}
          onChange={(e) => set({ externalId: e.target.value })}
        />
        <div className="catalog-edit-price">
          <Input
            id="item-price"
            label="Price"
            inputMode="decimal"
            placeholder="No price"
            value={draft.price}
            error={errors.price}
            onChange={(e) => set({ price: e.target.value })}
          />
          <Input id="item-currency" label="Currency" maxLength={3} value={draft.currency} onChange={(e) => set({ currency: e.target.value })} />
        </div>
        <label className="checkbox-row">
          <input type="checkbox" checked={draft.inStock} onChange={(e) => set({ inStock: e.target.checked })} /> In stock
        </label>
        <Input
          id="item-stock"
          label="Stock count"
          inputMode="numeric"
          placeholder="Not counted"
          hint="Orders take from it; at 0 the item is sold out. Empty: not counted."
          value={draft.stock}
          error={errors.stock}
          onChange={(e) => set({ stock: e.target.value })}
        />
        <Textarea
          id="item-description"
          label="Description"
          rows={3}
          value={draft.description}
          error={errors.description}
          onChange={(e) => set({ description: e.target.value })}
        />
        <Input
          id="item-image"
          label="Image URL (https)"
          value={draft.imageUrl}
          error={errors.imageUrl}
          onChange={(e) => set({ imageUrl: e.target.value })}
        />
      </form>
    </Dialog>
  );
}
