"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { apiFetch } from "@/components/data/fetcher";
import { Input, Select } from "@/components/ui";
import type { FlowOut } from "@/lib/shared/flow-schema";
import type { Page } from "@/lib/pagination";
import type { FieldErrors, Patch } from "./inspector-fields";

export const flowsQuery = { queryKey: ["flows"], queryFn: () => apiFetch<Page<FlowOut>>("/v1/flows", { query: { limit: 100 } }) };

/**
 * A Flow node's form: which registered WhatsApp Flow it sends, and the variable each of the Flow's
 * fields lands in (empty: the field is not kept). A field mapped to a question's variable fills that
 * question, which is then not asked.
 */
export function FlowNodeFields({ data, onPatch, errors }: { data: Record<string, unknown>; onPatch: Patch; errors: FieldErrors }) {
  const flows = useQuery(flowsQuery);
  const current = typeof data.flow === "string" ? data.flow : "";
  const flow = flows.data?.data.find((f) => f.id === current) ?? null;
  const mapping = data.fields && typeof data.fields === "object" ? (data.fields as Record<string, string>) : {};
  const list = flows.data?.data ?? [];
  if (flows.isSuccess && !list.length) {
    return (
      <div className="alert alert-warning small" role="status">
        No WhatsApp Flow is registered yet. <Link href="/flows">Register one</Link> first (its Flow id and the fields it returns).
      </div>
    );
  }
  return (
    <div className="stack" style={{ gap: 6 }}>
      <Select
        id="node-field-flow"
        label="WhatsApp Flow"
        value={current}
        disabled={flows.isPending}
        hint={flows.isPending ? "Loading the Flows…" : flows.isError ? "Could not load the Flows." : undefined}
        error={errors("flow")}
        options={[...(current ? [] : [{ value: "", label: "Choose a Flow" }]), ...list.map((f) => ({ value: f.id, label: f.name }))]}
        onChange={(e) => {
          const next = list.find((f) => f.id === e.target.value);
          onPatch("flow", e.target.value);
          // Each field lands in a variable of its own name until changed.
          if (next) onPatch("fields", Object.fromEntries(next.fields.map((f) => [f.name, f.name])));
        }}
      />
      {flow ? (
        <fieldset className="stack" style={{ gap: 6 }}>
          <legend className="field-label">Store the answers in</legend>
          {errors("fields") ? <div className="field-error">{errors("fields")}</div> : null}
          {flow.fields.map((f) => (
            <Input
              key={f.name}
              id={`node-field-flow-${f.name}`}
              label={`${f.label ?? f.name} (${f.kind})`}
              value={mapping[f.name] ?? ""}
              error={errors(`fields.${f.name}`)}
              hint="A variable name; empty: not kept."
              onChange={(e) => {
                const { [f.name]: _old, ...rest } = mapping;
                const v = e.target.value.trim();
                onPatch("fields", v ? { ...rest, [f.name]: v } : rest);
              }}
            />
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
