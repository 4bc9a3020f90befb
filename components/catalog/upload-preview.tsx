"use client";
import { useState } from "react";
import { Badge, Tabs } from "@/components/ui";
import { useMoneyFormat } from "@/components/data/use-money-format";
import type { Language } from "@/lib/language";
import { formatMoney } from "@/lib/shared/locale-format";
import type { CheckedRow } from "./catalog-file";

const SHOWN = 200;

const price = (r: CheckedRow, lang: Language) => {
  const p = r.item?.price;
  return p ? formatMoney(p.amount, p.currency, lang) : "";
};

/** The rows as they will be sent: each valid one, and each refused one with its reasons. */
export function UploadPreview({ rows, mapping }: { rows: CheckedRow[]; mapping: { externalId: string; title: string } }) {
  const moneyFormat = useMoneyFormat();
  const bad = rows.filter((r) => r.errors.length);
  const [filter, setFilter] = useState(bad.length ? "errors" : "all");
  const list = filter === "errors" ? bad : rows;
  return (
    <div className="stack" style={{ gap: 8 }}>
      <div className="row-wrap" data-testid="upload-counts">
        <Badge tone="success">{(rows.length - bad.length).toLocaleString("en")} ready</Badge>
        {bad.length ? <Badge tone="danger">{bad.length.toLocaleString("en")} with errors (skipped)</Badge> : null}
        <span className="muted small">{rows.length.toLocaleString("en")} rows in the file</span>
      </div>
      <Tabs
        label="Preview filter"
        value={filter}
        onChange={setFilter}
        tabs={[
          { id: "all", label: `All rows (${rows.length})` },
          { id: "errors", label: `With errors (${bad.length})` },
        ]}
      />
      <div className="table-wrap preview-wrap">
        <table className="table" aria-label="Upload preview">
          <thead>
            <tr>
              <th scope="col" className="num">
                Row
              </th>
              <th scope="col">External id</th>
              <th scope="col">Title</th>
              <th scope="col">Price</th>
              <th scope="col">In stock</th>
              <th scope="col">Problems</th>
            </tr>
          </thead>
          <tbody>
            {list.slice(0, SHOWN).map((r) => (
              <tr key={r.line} className={r.errors.length ? "row-error" : undefined} data-testid={`preview-row-${r.line}`}>
                <td className="num">{r.line}</td>
                <td className="mono small">{String(r.item?.externalId ?? r.raw[mapping.externalId] ?? "")}</td>
                <td className="cell-clip">{String(r.item?.title ?? r.raw[mapping.title] ?? "")}</td>
                <td style={{ whiteSpace: "nowrap" }}>{price(r, moneyFormat.language)}</td>
                <td>{r.item ? (r.item.inStock ? "yes" : "no") : ""}</td>
                <td className="text-danger small">{r.errors.join("; ") || <span className="text-success">✓</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.length > SHOWN ? (
        <div className="muted small">
          Showing the first {SHOWN} of {list.length.toLocaleString("en")} rows.
        </div>
      ) : null}
    </div>
  );
}
