"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect } from "react";
import { apiFetch } from "@/components/data/fetcher";
import { Button, ErrorState, Select, Skeleton } from "@/components/ui";
import type { FlowOut } from "@/lib/shared/flow-schema";
import type { Page } from "./types";

/**
 * A registered WhatsApp Flow added to a reply: the Flow chosen here opens from a button under the
 * box's text (the message). Registered under Settings › WhatsApp Flows.
 */
export function FlowPicker({ value, onChange, onRemove }: { value: string; onChange: (flowId: string) => void; onRemove: () => void }) {
  const flows = useQuery({ queryKey: ["flows"], queryFn: () => apiFetch<Page<FlowOut>>("/v1/flows", { query: { limit: 100 } }) });
  const list = flows.data?.data ?? [];
  const chosen = list.find((f) => f.id === value) ?? null;
  useEffect(() => {
    if (!value && list[0]) onChange(list[0].id);
  }, [value, list, onChange]);
  return (
    <fieldset className="interactive-editor" data-testid="flow-picker">
      <legend className="small">
        <strong>WhatsApp Flow</strong>
        <span className="muted"> — a form the customer fills in; the text below is the message</span>
      </legend>
      {flows.isPending ? (
        <Skeleton lines={1} />
      ) : flows.isError ? (
        <ErrorState error={flows.error} title="Could not load the Flows" onRetry={() => flows.refetch()} />
      ) : !list.length ? (
        <div className="small" data-testid="flow-picker-empty">
          No Flow registered yet. An owner registers one under <Link href="/flows">WhatsApp Flows</Link>.
        </div>
      ) : (
        <>
          <Select
            id="reply-flow"
            label="Flow"
            value={chosen?.id ?? ""}
            options={list.map((f) => ({ value: f.id, label: f.name }))}
            onChange={(e) => onChange(e.target.value)}
          />
          {chosen ? (
            <div className="small muted">
              Button “{chosen.cta}” · returns {chosen.fields.map((f) => f.label ?? f.name).join(", ")}
            </div>
          ) : null}
        </>
      )}
      <div>
        <Button size="sm" onClick={onRemove}>
          Remove the Flow
        </Button>
      </div>
    </fieldset>
  );
}
