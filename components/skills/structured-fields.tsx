"use client";
import { useState } from "react";
import { Button } from "@/components/ui";
import { weekdays } from "@/lib/shared/graph-schema";
import type { FieldErrors, Patch } from "./inspector-fields";

const dayNames: Record<(typeof weekdays)[number], string> = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };

/** A record node's fields: rows of key -> template ({{variable}} placeholders allowed). */
export function RecordFieldsEditor({ value, labels, onPatch, errors }: { value: unknown; labels?: unknown; onPatch: Patch; errors: FieldErrors }) {
  const initialLabels = (labels as Record<string, string>) ?? {};
  const [rows, setRows] = useState<Array<[string, string, string]>>(() =>
    Object.entries((value as Record<string, string>) ?? {}).map(([k, t]) => [k, t, initialLabels[k] ?? ""]),
  );
  const commit = (next: Array<[string, string, string]>) => {
    setRows(next);
    const named = next.filter(([k]) => k.trim() !== "");
    onPatch("fields", Object.fromEntries(named.map(([k, t]) => [k, t])));
    // A field's label is how Records and its CSV name the column; fields without one read as their key.
    const labelled = named.filter(([, , l]) => l !== "");
    onPatch("labels", labelled.length ? Object.fromEntries(labelled.map(([k, , l]) => [k, l])) : undefined);
  };
  const listError = errors("fields");
  return (
    <fieldset className="node-fieldset">
      <legend className="field-label">Fields</legend>
      <div className="field-hint">Name, value, and the label staff read in Records (optional).</div>
      {rows.map(([key, template, label], i) => {
        const labelError = key ? errors(`labels.${key}`) : undefined;
        return (
          <div className="record-field-row" key={i}>
            <input
              className="input"
              aria-label={`Field ${i + 1} name`}
              placeholder="name"
              value={key}
              aria-invalid={key && errors(`fields.${key}`) ? true : undefined}
              onChange={(e) => commit(rows.map((r, j) => (j === i ? [e.target.value, r[1], r[2]] : r)))}
            />
            <input
              className="input"
              aria-label={`Field ${i + 1} value`}
              placeholder="{{name}}"
              value={template}
              onChange={(e) => commit(rows.map((r, j) => (j === i ? [r[0], e.target.value, r[2]] : r)))}
            />
            <input
              className="input"
              aria-label={`Field ${i + 1} label`}
              placeholder="Label"
              value={label}
              title={labelError}
              aria-invalid={labelError ? true : undefined}
              onChange={(e) => commit(rows.map((r, j) => (j === i ? [r[0], r[1], e.target.value] : r)))}
            />
            <Button size="sm" variant="ghost" aria-label={`Remove field ${i + 1}`} onClick={() => commit(rows.filter((_, j) => j !== i))}>
              ×
            </Button>
          </div>
        );
      })}
      {listError || errors("labels") ? (
        <div className="field-error" role="alert">
          {listError ?? errors("labels")}
        </div>
      ) : null}
      <Button size="sm" onClick={() => setRows([...rows, ["", "", ""]])}>
        Add field
      </Button>
    </fieldset>
  );
}

/** An availability node's opening hours: per weekday, ranges like "12:00-15:00, 18:00-23:00"; empty = closed. */
export function OpeningHoursEditor({ value, onPatch, errors }: { value: unknown; onPatch: Patch; errors: FieldErrors }) {
  const initial = (value as Record<string, string[]>) ?? {};
  const [text, setText] = useState<Record<string, string>>(() => Object.fromEntries(weekdays.map((d) => [d, (initial[d] ?? []).join(", ")])));
  const change = (day: string, v: string) => {
    const next = { ...text, [day]: v };
    setText(next);
    const hours = Object.fromEntries(
      weekdays
        .map(
          (d) =>
            [
              d,
              next[d]
                .split(",")
                .map((r) => r.trim())
                .filter(Boolean),
            ] as const,
        )
        .filter(([, ranges]) => ranges.length > 0),
    );
    onPatch("openingHours", hours);
  };
  return (
    <fieldset className="node-fieldset">
      <legend className="field-label">Opening hours</legend>
      <div className="field-hint">Ranges like 09:00-17:00, separated by commas. Leave a day empty when closed.</div>
      {weekdays.map((day) => {
        const error = errors(`openingHours.${day}`);
        return (
          <div key={day} className="hours-row">
            <label htmlFor={`hours-${day}`}>{dayNames[day]}</label>
            <input
              id={`hours-${day}`}
              className="input"
              value={text[day]}
              placeholder="closed"
              aria-invalid={error ? true : undefined}
              onChange={(e) => change(day, e.target.value)}
            />
            {error ? <div className="field-error hours-error">{error}</div> : null}
          </div>
        );
      })}
    </fieldset>
  );
}
