"use client";
import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useMemo, useState } from "react";
import { Button, Card, Input } from "@/components/ui";
import { collectionSchema } from "@/lib/shared/catalog-schema";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import { batches, type CheckedRow, checkRows, guessMapping, type Mapping, type ParsedFile, parseCatalogFile } from "./catalog-file";
import { ColumnMapping } from "./column-mapping";
import { UploadPreview } from "./upload-preview";
import type { CatalogUsage } from "@/components/overview/getting-started";

/** Which skills search the collection being uploaded to, or a warning that none does. */
function collectionHint(usage: CatalogUsage | null, collection: string): string | undefined {
  if (!usage || !collection) return undefined;
  const readers = [...new Set(usage.nodes.filter((n) => n.collection === collection).map((n) => n.skillName))];
  if (readers.length) return `${readers.join(", ")} ${readers.length === 1 ? "searches" : "search"} this collection.`;
  if (usage.suggestedCollection) return `No skill searches ${collection}; your order skill searches ${usage.suggestedCollection}.`;
  return undefined;
}

type Progress = { written: number; total: number; batch: number; batches: number };
type Summary = { written: number; rejected: number; failures: string[] };

/** Upload a CSV or JSON file: parse, map columns, preview per-row errors, send valid rows in batches, summarise. */
export function CatalogUpload({
  initialCollection,
  usage,
  onDone,
}: {
  initialCollection: string;
  usage: CatalogUsage | null;
  onDone: (collection: string | null) => void;
}) {
  const client = useQueryClient();
  const [collection, setCollection] = useState(initialCollection);
  const [file, setFile] = useState<(ParsedFile & { name: string }) | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const collectionError =
    collection && !collectionSchema.safeParse(collection).success ? "Lower-case letters, digits, _ or -, like menu or products." : null;

  const checked: CheckedRow[] = useMemo(() => (file && mapping ? checkRows(file.rows, mapping) : []), [file, mapping]);
  const valid = checked.flatMap((r) => (r.item ? [r.item] : []));

  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0];
    setFileError(null);
    setSummary(null);
    if (!chosen) return;
    try {
      const parsed = await parseCatalogFile(chosen);
      if (!parsed.rows.length) throw new Error("The file has no rows.");
      setFile({ ...parsed, name: chosen.name });
      setMapping(guessMapping(parsed));
    } catch (err) {
      setFile(null);
      setFileError(errorMessage(err));
    }
  }

  async function upload() {
    const groups = batches(valid);
    const failures: string[] = [];
    let written = 0;
    let failed = 0;
    setProgress({ written: 0, total: valid.length, batch: 0, batches: groups.length });
    for (const [i, items] of groups.entries()) {
      setProgress({ written, total: valid.length, batch: i + 1, batches: groups.length });
      try {
        const out = await apiFetch<{ upserted: number }>(`/v1/catalog/${collection}/items`, { body: { items } });
        written += out.upserted;
      } catch (err) {
        failed += items.length;
        failures.push(`Batch ${i + 1} (${items.length} items, from ${items[0].externalId}): ${errorMessage(err)}`);
      }
    }
    setProgress(null);
    setSummary({ written, rejected: checked.length - valid.length + failed, failures });
    client.invalidateQueries({ queryKey: ["catalog"] });
    client.invalidateQueries({ queryKey: ["catalog-usage"] });
  }

  const uploading = progress !== null;
  return (
    <Card title="Upload items" className="catalog-upload">
      <div className="stack">
        {summary ? (
          <UploadSummary summary={summary} checked={checked} onClose={() => onDone(collection)} />
        ) : (
          <>
            <div className="inline-fields">
              <Input
                id="upload-collection"
                label="Collection"
                value={collection}
                error={collectionError}
                placeholder="menu"
                disabled={uploading}
                list="upload-collection-options"
                hint={collectionHint(usage, collection)}
                onChange={(e) => setCollection(e.target.value.trim())}
              />
              <datalist id="upload-collection-options">
                {(usage?.collections ?? []).map((c) => (
                  <option key={c.collection} value={c.collection} />
                ))}
              </datalist>
              <Input
                id="upload-file"
                label="CSV or JSON file"
                type="file"
                accept=".csv,.json,text/csv,application/json"
                disabled={uploading}
                onChange={pick}
                error={fileError}
                hint="CSV with a header row, or a JSON array of items."
              />
            </div>
            {file && mapping ? (
              <>
                <h3>
                  Columns of <span className="mono">{file.name}</span>
                </h3>
                <ColumnMapping columns={file.columns} mapping={mapping} onChange={setMapping} />
                <UploadPreview rows={checked} mapping={mapping} />
              </>
            ) : null}
            {progress ? (
              <div className="stack" style={{ gap: 4 }} aria-live="polite">
                <div
                  className="progress"
                  role="progressbar"
                  aria-label="Upload progress"
                  aria-valuemin={0}
                  aria-valuemax={progress.total}
                  aria-valuenow={progress.written}
                >
                  <div className="progress-bar" style={{ width: `${progress.total ? (progress.written / progress.total) * 100 : 0}%` }} />
                </div>
                <div className="muted small">
                  Batch {progress.batch} of {progress.batches}: {progress.written.toLocaleString("en")} of {progress.total.toLocaleString("en")}{" "}
                  written
                </div>
              </div>
            ) : null}
            <div className="row" style={{ justifyContent: "flex-end" }}>
              <Button onClick={() => onDone(null)} disabled={uploading}>
                Cancel
              </Button>
              <Button variant="primary" onClick={upload} loading={uploading} disabled={!valid.length || !collection || collectionError !== null}>
                Upload {valid.length.toLocaleString("en")} valid row{valid.length === 1 ? "" : "s"}
              </Button>
            </div>
          </>
        )}
      </div>
    </Card>
  );
}

function UploadSummary({ summary, checked, onClose }: { summary: Summary; checked: CheckedRow[]; onClose: () => void }) {
  const rejectedRows = checked.filter((r) => r.errors.length);
  return (
    <div className="stack" data-testid="upload-summary">
      <div className={summary.rejected ? "alert alert-warning" : "alert alert-info"} role="status">
        <strong>
          {summary.written.toLocaleString("en")} written, {summary.rejected.toLocaleString("en")} rejected.
        </strong>
      </div>
      {summary.failures.map((f) => (
        <div key={f} className="alert">
          {f}
        </div>
      ))}
      {rejectedRows.length ? (
        <ul className="small" style={{ margin: 0, paddingLeft: 18 }}>
          {rejectedRows.slice(0, 50).map((r) => (
            <li key={r.line}>{r.errors.join("; ")}</li>
          ))}
          {rejectedRows.length > 50 ? <li className="muted">…and {rejectedRows.length - 50} more</li> : null}
        </ul>
      ) : null}
      <div className="row" style={{ justifyContent: "flex-end" }}>
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      </div>
    </div>
  );
}
