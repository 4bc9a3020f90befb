"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import "@/components/common/common.css";
import "./webhooks.css";
import { SecretReveal } from "@/components/common/secret-reveal";
import { Button, Dialog, Input } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";
import { type Endpoint, type EndpointWithSecret, endpointUrl } from "./types";

/** Add an endpoint (then its secret, once) or edit one's URL and events. */
export function EndpointDialog({
  endpoint,
  eventTypes,
  onClose,
}: {
  endpoint: Endpoint | null;
  eventTypes: string[];
  onClose: (created?: Endpoint) => void;
}) {
  const client = useQueryClient();
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [all, setAll] = useState(endpoint ? endpoint.events.includes("*") : true);
  const [events, setEvents] = useState<string[]>(endpoint && !endpoint.events.includes("*") ? endpoint.events : []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => {
      const body = { url: url.trim(), events: all ? ["*"] : events };
      return endpoint
        ? apiFetch<Endpoint>(endpointUrl(endpoint.id), { method: "PATCH", body })
        : apiFetch<EndpointWithSecret>("/v1/webhook-endpoints", { body: { ...body, enabled: true } });
    },
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ["webhooks"] });
      if (endpoint) onClose();
    },
    onError: (err) => {
      if (err instanceof DashboardError && err.details?.length)
        setErrors(Object.fromEntries(err.details.map((d) => [d.path.split(/[.[]/)[0], d.message])));
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!url.trim()) problems.url = "Enter the URL that should receive the events.";
    if (!all && !events.length) problems.events = "Pick at least one event, or all events.";
    setErrors(problems);
    if (!Object.keys(problems).length) save.mutate();
  }

  const created = !endpoint && save.data && "secret" in save.data ? (save.data as EndpointWithSecret) : null;
  if (created) {
    return (
      <Dialog
        open
        onClose={() => onClose(created)}
        title="Endpoint added"
        footer={
          <Button variant="primary" onClick={() => onClose(created)}>
            Done
          </Button>
        }
      >
        <div className="stack">
          <p style={{ margin: 0 }}>
            Verify every delivery to <code>{created.url}</code>: <code>X-Service-Signature</code> is <code>sha256=</code> and the hex HMAC-SHA256 of
            the raw body, keyed with this secret.
          </p>
          <SecretReveal label="Signing secret" secret={created.secret} />
        </div>
      </Dialog>
    );
  }
  const formError = save.isError && !(save.error instanceof DashboardError && save.error.details?.length) ? errorMessage(save.error) : null;
  return (
    <Dialog open onClose={() => onClose()} title={endpoint ? "Edit endpoint" : "Add an endpoint"}>
      <form className="stack" onSubmit={submit} noValidate>
        {formError ? (
          <div className="alert" role="alert">
            {formError}
          </div>
        ) : null}
        <Input
          id="endpoint-url"
          label="URL"
          type="url"
          placeholder="https://example.com/hooks/convo"
          value={url}
          error={errors.url}
          hint="Must be https. Deliveries time out after 10 seconds; any 2xx answer is a success."
          onChange={(e) => setUrl(e.target.value)}
        />
        <fieldset className="fieldset-box" aria-describedby={errors.events ? "events-error" : undefined}>
          <legend className="field-label">Events</legend>
          <label className="checkbox-row">
            <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
            All events, including kinds added later
          </label>
          {eventTypes.map((type) => (
            <label key={type} className="checkbox-row" style={{ opacity: all ? 0.55 : 1 }}>
              <input
                type="checkbox"
                disabled={all}
                checked={all || events.includes(type)}
                onChange={(e) => setEvents(e.target.checked ? [...events, type] : events.filter((t) => t !== type))}
              />
              <code>{type}</code>
            </label>
          ))}
          {errors.events ? (
            <div className="field-error" id="events-error" role="alert">
              {errors.events}
            </div>
          ) : null}
        </fieldset>
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button onClick={() => onClose()}>Cancel</Button>
          <Button type="submit" variant="primary" loading={save.isPending}>
            {endpoint ? "Save" : "Add endpoint"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
