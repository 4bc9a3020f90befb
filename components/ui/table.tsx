import type { ReactNode } from "react";

export type Column<T> = { key: string; header: ReactNode; render: (row: T) => ReactNode; numeric?: boolean; className?: string };

/**
 * A readable data table; rows are keyed by `rowKey`. Empty and loading states are the caller's.
 * On a phone each row is a card, each cell a line led by its column's name (globals.css, "Tables on a
 * phone"; issue 36, item 6). The roles are explicit so a table shown as blocks stays a table to
 * assistive technology.
 */
export function Table<T>({ columns, rows, rowKey, caption }: { columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string; caption?: string }) {
  return (
    <div className="table-wrap">
      {/* biome-ignore lint/a11y/noRedundantRoles: explicit, so the table stays a table when a phone shows it as cards */}
      <table className="table" role="table">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          {/* biome-ignore lint/a11y/noRedundantRoles: explicit, so the table stays a table when a phone shows it as cards */}
          <tr role="row">
            {columns.map((c) => (
              // biome-ignore lint/a11y/noRedundantRoles: explicit, so the table stays a table when a phone shows it as cards
              <th key={c.key} scope="col" role="columnheader" className={c.numeric ? "num" : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            // biome-ignore lint/a11y/noRedundantRoles: explicit, so the table stays a table when a phone shows it as cards
            <tr key={rowKey(row)} role="row">
              {columns.map((c) => (
                <td
                  key={c.key}
                  // biome-ignore lint/a11y/noRedundantRoles: explicit, so the table stays a table when a phone shows it as cards
                  role="cell"
                  data-label={typeof c.header === "string" ? c.header : undefined}
                  className={[c.numeric && "num", c.className].filter(Boolean).join(" ") || undefined}
                >
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
