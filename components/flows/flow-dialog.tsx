"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button, Dialog, Input, Select } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";
import { type FlowField, type FlowOut, flowFieldKinds, flowIn } from "@/lib/shared/flow-schema";

type FieldDraft = { name: string; kind: FlowField["kind"]; label: string; options: string };

const draftOf = (f: FlowField): FieldDraft => ({ name: f.name, kind: f.kind, label: f.label ?? "", options: (f.options ?? []).join(", ") });

/** Register or edit a Flow: its Meta id, name, first screen, button text and returned fields, checked with the API's own schema. */
export function FlowDialog({ flow, onClose }: { flow: FlowOut | null; onClose: () => void }) {
  const client = useQueryClient();
  const [flowId, setFlowId] = useState(flow?.flowId ?? "");
  const [name, setName] = useState(flow?.name ?? "");
  const [screen, setScreen] = useState(flow?.screen ?? "");
  const [cta, setCta] = useState(flow?.cta ?? "");
  const [fields, setFields] = useState<FieldDraft[]>(flow?.fields.map(draftOf) ?? [{ name: "", kind: "text", label: "", options: "" }]);
  const [tried, setTried] = useState(false);
  const body = {
    flowId: flowId.trim(),
    name: name.trim(),
    screen: screen.trim() || null,
    cta: cta.trim(),
    fields: fields.map((f) => ({
      name: f.name.trim(),
      kind: f.kind,
      ...(f.label.trim() ? { label: f.label.trim() } : {}),
      ...(f.kind === "choice"
        ? {
            options: f.options
              .split(",")
              .map((o) => o.trim())
              .filter(Boolean),
          }
        : {}),
    })),
  };
  const parsed = flowIn.safeParse(body);
  const save = useMutation({
    mutationFn: (b: typeof body) =>
      flow
        ? apiFetch<FlowOut>(`/v1/flows/${encodeURIComponent(flow.id)}`, { method: "PATCH", body: b })
        : apiFetch<FlowOut>("/v1/flows", { body: b }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ["flows"] });
      onClose();
    },
  });
  const serverErrors =
    save.error instanceof DashboardError && save.error.details?.length ? Object.fromEntries(save.error.details.map((d) => [d.path, d.message])) : {};
  const errors: Record<string, string> = {
    ...serverErrors,
    ...(tried && !parsed.success ? Object.fromEntries(parsed.error.issues.map((i) => [i.path.map(String).join("."), i.message])) : {}),
  };
  const fieldError = (i: number, key: string) => errors[`fields.${i}.${key}`] ?? errors[`fields[${i}].${key}`];
  const change = (i: number, next: Partial<FieldDraft>) => setFields(fields.map((f, j) => (j === i ? { ...f, ...next } : f)));

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (parsed.success) save.mutate(body);
  }

  return (
    <Dialog open onClose={onClose} title={flow ? `Edit ${flow.name}` : "Register a WhatsApp Flow"}>
      <form className="stack" onSubmit={submit} noValidate aria-label="WhatsApp Flow">
        {save.isError && !Object.keys(serverErrors).length ? (
          <div className="alert" role="alert">
            {errorMessage(save.error)}
          </div>
        ) : null}
        <Input
          id="flow-meta-id"
          label="Flow id"
          placeholder="1197715005513101"
          value={flowId}
          error={errors.flowId}
          hint="The id Meta's Flow builder shows for the published Flow."
          onChange={(e) => setFlowId(e.target.value)}
        />
        <Input id="flow-name" label="Name" placeholder="Book a table" value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
        <div className="inline-fields">
          <Input
            id="flow-screen"
            label="First screen"
            placeholder="BOOKING"
            value={screen}
            error={errors.screen}
            hint="Optional: the screen id it opens on."
            onChange={(e) => setScreen(e.target.value)}
          />
          <Input
            id="flow-cta"
            label="Button text"
            placeholder="Book a table"
            value={cta}
            error={errors.cta}
            hint="At most 20 characters, no emoji."
            onChange={(e) => setCta(e.target.value)}
          />
        </div>
        <fieldset className="stack" style={{ gap: 8 }}>
          <legend className="field-label">Fields it returns</legend>
          {errors.fields ? <div className="field-error">{errors.fields}</div> : null}
          {fields.map((f, i) => (
            <div key={i} className="inline-fields" data-testid={`flow-field-${i}`}>
              <Input
                id={`flow-field-${i}-name`}
                label="Name in the answer"
                placeholder="party_size"
                value={f.name}
                error={fieldError(i, "name")}
                onChange={(e) => change(i, { name: e.target.value })}
              />
              <Select
                id={`flow-field-${i}-kind`}
                label="Kind"
                value={f.kind}
                options={flowFieldKinds.map((k) => ({ value: k, label: k }))}
                onChange={(e) => change(i, { kind: e.target.value as FlowField["kind"] })}
              />
              <Input
                id={`flow-field-${i}-label`}
                label="Label"
                placeholder="Party size"
                value={f.label}
                onChange={(e) => change(i, { label: e.target.value })}
              />
              {f.kind === "choice" ? (
                <Input
                  id={`flow-field-${i}-options`}
                  label="Options"
                  placeholder="Inside, Terrace"
                  value={f.options}
                  error={fieldError(i, "options")}
                  onChange={(e) => change(i, { options: e.target.value })}
                />
              ) : null}
              <Button onClick={() => setFields(fields.filter((_, j) => j !== i))} aria-label={`Remove field ${i + 1}`} disabled={fields.length === 1}>
                Remove
              </Button>
            </div>
          ))}
          <div>
            <Button onClick={() => setFields([...fields, { name: "", kind: "text", label: "", options: "" }])}>Add a field</Button>
          </div>
        </fieldset>
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={save.isPending}>
            {flow ? "Save" : "Register"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
