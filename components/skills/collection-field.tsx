"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { catalogUsageQuery } from "@/components/overview/getting-started";
import { Input, Select } from "@/components/ui";
import type { Patch } from "./inspector-fields";

const NEW = "__new__";

/**
 * The catalog collection a catalog node searches: a picker listing the business's collections with
 * their item counts, or a new name typed in. An empty collection is a warning: the node would find nothing.
 */
export function CollectionField({ value, onPatch, error }: { value: unknown; onPatch: Patch; error?: string }) {
  const usage = useQuery(catalogUsageQuery);
  const current = typeof value === "string" ? value : "";
  const collections = usage.data?.collections ?? [];
  const known = collections.some((c) => c.collection === current);
  const [typing, setTyping] = useState(false);
  const newName = typing || (!!current && usage.isSuccess && !known);
  const items = collections.find((c) => c.collection === current)?.items ?? 0;
  const options = [
    ...(current || collections.length ? [] : [{ value: "", label: "Choose a collection" }]),
    ...collections.map((c) => ({ value: c.collection, label: `${c.collection} (${c.items} item${c.items === 1 ? "" : "s"})` })),
    { value: NEW, label: "New collection…" },
  ];
  return (
    <div className="stack" style={{ gap: 6 }}>
      <Select
        id="node-field-collection-picker"
        label="Catalog collection"
        value={newName ? NEW : current}
        options={options}
        disabled={usage.isPending}
        hint={usage.isPending ? "Loading the collections…" : usage.isError ? "Could not load the collections; type a name." : undefined}
        error={usage.isError ? undefined : newName ? undefined : error}
        onChange={(e) => {
          if (e.target.value === NEW) {
            setTyping(true);
            onPatch("collection", "");
          } else {
            setTyping(false);
            onPatch("collection", e.target.value);
          }
        }}
      />
      {newName || usage.isError ? (
        <Input
          id="node-field-collection"
          label="New collection name"
          hint="Lower-case letters, digits, _ or -, like menu or products."
          value={current}
          error={error}
          onChange={(e) => onPatch("collection", e.target.value.trim())}
        />
      ) : null}
      {current && usage.isSuccess && items === 0 && !error ? (
        <div className="alert alert-warning small" role="status" data-testid="collection-empty-warning">
          The collection <code>{current}</code> is empty, so this node will find nothing.{" "}
          <Link href={`/catalog?collection=${encodeURIComponent(current)}`}>Upload items to it</Link>.
        </div>
      ) : null}
    </div>
  );
}
