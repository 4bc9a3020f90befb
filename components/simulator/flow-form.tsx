"use client";
import { type FormEvent, useState } from "react";
import { Button, Input, Select } from "@/components/ui";
import type { FlowField, FlowOut } from "@/lib/shared/flow-schema";

const inputType: Partial<Record<FlowField["kind"], string>> = { number: "number", date: "date", time: "time", email: "email", phone: "tel" };

/**
 * The customer's side of a WhatsApp Flow in the simulator: a small form built from the Flow's registered
 * fields (WhatsApp would show the Flow's own screens). Submitting sends the answer as WhatsApp does: the
 * fields as `response_json`, quoting the Flow message.
 */
export function FlowForm({
  flow,
  busy,
  onSubmit,
  onCancel,
}: {
  flow: FlowOut;
  busy: boolean;
  onSubmit: (response: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const set = (name: string, value: string) => setValues({ ...values, [name]: value });
  function submit(e: FormEvent) {
    e.preventDefault();
    const response: Record<string, unknown> = {};
    for (const f of flow.fields) {
      const v = (values[f.name] ?? (f.kind === "boolean" ? "false" : "")).trim();
      if (!v) continue;
      // As a Flow's components send them: numbers as numbers, a checkbox as a boolean, the rest as text.
      response[f.name] = f.kind === "number" ? Number(v) : f.kind === "boolean" ? v === "true" : v;
    }
    onSubmit(response);
  }
  return (
    <form className="stack sim-flow-form" style={{ gap: 8 }} onSubmit={submit} aria-label={`Flow ${flow.name}`} data-testid="sim-flow-form">
      <strong>{flow.name}</strong>
      {flow.fields.map((f) => {
        const id = `sim-flow-${f.name}`;
        const label = f.label ?? f.name;
        const required = f.required !== false && f.kind !== "boolean";
        if (f.kind === "choice" || f.kind === "boolean") {
          const options = f.kind === "choice" ? (f.options ?? []) : ["true", "false"];
          return (
            <Select
              key={f.name}
              id={id}
              label={label}
              value={values[f.name] ?? ""}
              options={[
                { value: "", label: "Choose…" },
                ...options.map((o) => ({ value: o, label: f.kind === "boolean" ? (o === "true" ? "Yes" : "No") : o })),
              ]}
              onChange={(e) => set(f.name, e.target.value)}
            />
          );
        }
        return (
          <Input
            key={f.name}
            id={id}
            label={label}
            type={inputType[f.kind] ?? "text"}
            required={required}
            value={values[f.name] ?? ""}
            onChange={(e) => set(f.name, e.target.value)}
          />
        );
      })}
      <div className="row" style={{ justifyContent: "flex-end" }}>
        <Button size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" variant="primary" loading={busy}>
          Submit
        </Button>
      </div>
    </form>
  );
}
