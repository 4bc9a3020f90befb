"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, ErrorState, Select, Skeleton, Textarea, useToast } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";

type Settings = { notifyReady: boolean; readyText: string; readyTemplate: { name: string; language: string } | null };
type Template = { name: string; language: string; status: string; placeholders: number; body: string };

/**
 * The order settings (owners): whether a customer hears that the order is ready, the text sent inside
 * the 24-hour window and the approved template sent outside it. Agents do not see it (their role cannot read it).
 */
export function OrderSettingsCard({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: ["order-settings"], queryFn: () => apiFetch<Settings>("/v1/internal/orders/settings"), retry: false });
  const templates = useQuery({
    queryKey: ["templates", "approved"],
    queryFn: () => apiFetch<{ data: Template[] }>("/v1/templates", { query: { limit: 200 } }),
  });
  const [draft, setDraft] = useState<Settings | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const value = draft ?? settings.data ?? null;
  const usable = (templates.data?.data ?? []).filter((t) => t.status === "approved" && t.placeholders <= 2);

  async function save() {
    if (!value) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await apiFetch<Settings>("/v1/internal/orders/settings", { method: "PUT", body: value });
      client.setQueryData(["order-settings"], saved);
      setDraft(null);
      toast.success("Order settings saved.");
    } catch (err) {
      setError(err instanceof DashboardError && err.details?.length ? err.details.map((d) => d.message).join(" ") : errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <div className="order-settings" data-testid="order-settings">
        <h2 className="order-settings-title">When an order is ready</h2>
        {settings.isPending ? (
          <Skeleton lines={3} />
        ) : settings.isError ? (
          <ErrorState error={settings.error} title="Could not load the order settings" onRetry={() => settings.refetch()} />
        ) : value ? (
          <>
            <label className="checkbox-row">
              <input type="checkbox" checked={value.notifyReady} onChange={(e) => setDraft({ ...value, notifyReady: e.target.checked })} /> Message
              the customer when an order becomes ready
            </label>
            <Textarea
              id="ready-text"
              label="Message inside the 24-hour window"
              hint="{{name}} is the customer's name."
              rows={2}
              value={value.readyText}
              disabled={!value.notifyReady}
              onChange={(e) => setDraft({ ...value, readyText: e.target.value })}
            />
            <Select
              id="ready-template"
              label="Template outside the window"
              hint={
                templates.isError
                  ? `Could not load the templates: ${errorMessage(templates.error)}`
                  : "An approved template; {{1}} is the customer's name, {{2}} the order's number. Without one, customers who have not written in 24 hours are not notified."
              }
              disabled={!value.notifyReady}
              value={value.readyTemplate ? `${value.readyTemplate.name}|${value.readyTemplate.language}` : ""}
              onChange={(e) => {
                const [name, language] = e.target.value.split("|");
                setDraft({ ...value, readyTemplate: name ? { name, language } : null });
              }}
              options={[
                { value: "", label: "No template" },
                ...usable.map((t) => ({ value: `${t.name}|${t.language}`, label: `${t.name} (${t.language})` })),
              ]}
            />
            {error ? (
              <div className="field-error" role="alert">
                {error}
              </div>
            ) : null}
            <div className="row-wrap">
              <Button variant="primary" size="sm" loading={saving} disabled={!draft} onClick={save}>
                Save
              </Button>
              <Button size="sm" variant="ghost" onClick={onClose}>
                Close
              </Button>
            </div>
          </>
        ) : null}
      </div>
    </Card>
  );
}
