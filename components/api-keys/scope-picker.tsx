"use client";
import { Button } from "@/components/ui";
import { type Scope, scopes } from "@/lib/shared/scopes";

// Areas in the order a developer meets them; every scope of lib/shared/scopes.ts lands in one.
const areas = [
  "messages",
  "conversations",
  "contacts",
  "assistants",
  "skills",
  "catalog",
  "records",
  "analytics",
  "usage",
  "webhooks",
  "templates",
  "flows",
  "knowledge",
  "campaigns",
  "saved-replies",
  "labels",
  "business",
  "audit",
];
const byArea = areas.map((area) => ({ area, scopes: scopes.filter((s) => s.startsWith(`${area}:`)) })).filter((a) => a.scopes.length);
const readScopes = scopes.filter((s) => s.endsWith(":read"));
const writeScopes = scopes.filter((s) => s.endsWith(":write"));

/** Scopes grouped by area (read / write columns), with all-read, all-write, everything and none shortcuts. */
export function ScopePicker({ value, onChange, error }: { value: Scope[]; onChange: (next: Scope[]) => void; error?: string }) {
  const has = new Set(value);
  const set = (list: readonly Scope[], on: boolean) => {
    const next = new Set(value);
    for (const s of list) on ? next.add(s) : next.delete(s);
    onChange(scopes.filter((s) => next.has(s)));
  };
  return (
    <fieldset className="scope-picker" aria-describedby={error ? "scopes-error" : undefined}>
      <legend className="field-label">Scopes</legend>
      <div className="row-wrap">
        <Button size="sm" onClick={() => set(readScopes, true)}>
          All read
        </Button>
        <Button size="sm" onClick={() => set(writeScopes, true)}>
          All write
        </Button>
        <Button size="sm" onClick={() => onChange([...scopes])}>
          Everything
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onChange([])}>
          None
        </Button>
        <span className="muted small" style={{ marginLeft: "auto" }}>
          {value.length} of {scopes.length} selected
        </span>
      </div>
      <table className="scope-table">
        <thead>
          <tr>
            <th scope="col">Area</th>
            <th scope="col">Read</th>
            <th scope="col">Write</th>
          </tr>
        </thead>
        <tbody>
          {byArea.map(({ area, scopes: list }) => (
            <tr key={area}>
              <th scope="row">{area}</th>
              {(["read", "write"] as const).map((access) => {
                const scope = list.find((s) => s.endsWith(`:${access}`));
                return (
                  <td key={access}>
                    {scope ? (
                      <label className="checkbox-row">
                        <input type="checkbox" checked={has.has(scope)} onChange={(e) => set([scope], e.target.checked)} />
                        <code>{scope}</code>
                      </label>
                    ) : (
                      <span className="muted small">—</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {error ? (
        <div className="field-error" id="scopes-error" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
