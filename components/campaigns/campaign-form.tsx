"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Button, ConfirmDialog, Dialog, Field, Input, Select, useToast } from "@/components/ui";
import type { AudienceIn, CampaignOut } from "@/lib/campaigns/campaign-schema";
import { apiFetch, apiUpload, DashboardError, errorMessage } from "@/components/data/fetcher";
import type { Page } from "@/lib/pagination";
import { type TemplateOut, templateVariables, urlVariable } from "@/lib/shared/template-schema";
import type { OperationOutput } from "@/lib/api/operation";
import type { campaignsPreview } from "@/lib/api/operations";

type Preview = OperationOutput<typeof campaignsPreview>;

const splitTags = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/** The audience the form describes, in the API's shape (empty filters left out). */
export function audienceOf(f: { anyTags: string; allTags: string; search: string; days: string; csv: string | null }): AudienceIn {
  const audience: AudienceIn = {};
  const any = splitTags(f.anyTags);
  const all = splitTags(f.allTags);
  if (any.length || all.length) audience.tags = { ...(any.length ? { any } : {}), ...(all.length ? { all } : {}) };
  if (f.search.trim()) audience.search = f.search.trim();
  if (f.days.trim()) audience.wroteWithinDays = Number(f.days);
  if (f.csv) audience.csv = f.csv;
  return audience;
}

/** New campaign: template and its variables, audience (with its count and a preview per recipient), when. */
export function CampaignForm({ onClose, onCreated }: { onClose: () => void; onCreated: (c: CampaignOut) => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const templates = useQuery({
    queryKey: ["templates", "all"],
    queryFn: () => apiFetch<Page<TemplateOut>>("/v1/templates", { query: { limit: 200 } }),
  });
  const approved = (templates.data?.data ?? []).filter((t) => t.status === "approved");
  const [name, setName] = useState("");
  const [templateId, setTemplateId] = useState("");
  const template = approved.find((t) => t.id === templateId) ?? null;
  const [variables, setVariables] = useState<string[]>([]);
  const [anyTags, setAnyTags] = useState("");
  const [allTags, setAllTags] = useState("");
  const [search, setSearch] = useState("");
  const [days, setDays] = useState("");
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  // What the template needs besides its body: a header's value or file, the buttons' values.
  const [headerValue, setHeaderValue] = useState("");
  const [headerFile, setHeaderFile] = useState<File | null>(null);
  const [headerId, setHeaderId] = useState<string | null>(null);
  const [buttonValues, setButtonValues] = useState<Record<number, string>>({});
  const [when, setWhen] = useState<"now" | "later">("now");
  const [scheduledAt, setScheduledAt] = useState("");
  // Sending now cannot be taken back: the audience is counted afresh and the count confirmed first.
  const [confirming, setConfirming] = useState<number | null>(null);

  useEffect(() => {
    if (!templateId && approved[0]) setTemplateId(approved[0].id);
  }, [approved, templateId]);
  useEffect(() => {
    setVariables((v) => Array.from({ length: template?.placeholders ?? 0 }, (_, i) => v[i] ?? (i === 0 ? "{{name|there}}" : "")));
  }, [template?.placeholders]);

  const header = template?.header ?? null;
  const headerVariable = header?.format === "text" ? templateVariables(header.text)[0] : undefined;
  const mediaHeader = header && header.format !== "text" ? header.format : null;
  const valueButtons = (template?.buttons ?? [])
    .map((b, index) => ({ b, index }))
    .filter(({ b }) => (b.type === "url" && urlVariable(b.url)) || b.type === "copy_code");
  const buttons = valueButtons.map(({ index }) => ({ index, text: (buttonValues[index] ?? "").trim() }));
  const headerRef = (id: string | null) =>
    headerVariable !== undefined ? { text: headerValue.trim() } : mediaHeader ? { media: id ? { id } : { url: headerValue.trim() } } : undefined;

  const audience = audienceOf({ anyTags, allTags, search, days, csv: csv?.text ?? null });
  const templateRef = (id: string | null = headerId) =>
    template
      ? {
          name: template.name,
          language: template.language,
          variables,
          ...(headerRef(id) ? { header: headerRef(id) } : {}),
          ...(buttons.length ? { buttons } : {}),
        }
      : undefined;
  // An uploaded header file is stored once, before the preview or the campaign that names it.
  async function uploadedHeader(): Promise<string | null> {
    if (!mediaHeader || !headerFile || headerId) return headerId;
    const id = (await apiUpload<{ id: string }>("/v1/media", headerFile)).id;
    setHeaderId(id);
    return id;
  }
  const preview = useMutation({
    mutationFn: async () => apiFetch<Preview>("/v1/campaigns/preview", { body: { audience, template: templateRef(await uploadedHeader()) } }),
  });
  const create = useMutation({
    mutationFn: async () =>
      apiFetch<CampaignOut>("/v1/campaigns", {
        body: {
          name: name.trim(),
          template: templateRef(await uploadedHeader()),
          audience,
          ...(when === "later" && scheduledAt ? { scheduledAt } : {}),
        },
      }),
    onSuccess: (c) => {
      toast.success(c.status === "scheduled" ? `Scheduled ${c.name}.` : `Sending ${c.name} to ${c.counts.total.toLocaleString("en")} customers.`);
      client.invalidateQueries({ queryKey: ["campaigns"] });
      onCreated(c);
    },
  });

  async function readCsv(file: File | undefined) {
    if (!file) return setCsv(null);
    setCsv({ name: file.name, text: await file.text() });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (when === "later") return create.mutate();
    const counted = await preview.mutateAsync().catch(() => null);
    if (counted) setConfirming(counted.count);
  }

  const detailErrors = (m: { error: unknown }) =>
    m.error instanceof DashboardError && m.error.details?.length ? m.error.details.map((d) => `${d.path}: ${d.message}`) : null;
  const failure = create.isError ? create : preview.isError ? preview : null;

  return (
    <Dialog open onClose={onClose} title="New campaign">
      <form className="stack" onSubmit={submit} aria-label="New campaign">
        {failure ? (
          <div className="alert" role="alert">
            {errorMessage(failure.error)}
            {detailErrors(failure)?.map((d) => (
              <div key={d}>{d}</div>
            ))}
          </div>
        ) : null}
        <Input
          id="campaign-name"
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={200}
          placeholder="Sunday opening"
        />
        {templates.isPending ? (
          <div className="muted">Loading templates…</div>
        ) : approved.length ? (
          <Select
            id="campaign-template"
            label="Template"
            value={templateId}
            onChange={(e) => {
              setTemplateId(e.target.value);
              setHeaderValue("");
              setHeaderFile(null);
              setHeaderId(null);
              setButtonValues({});
            }}
            options={approved.map((t) => ({ value: t.id, label: `${t.name} (${t.language})` }))}
            hint="Approved templates only: a campaign goes to customers outside the 24-hour window."
          />
        ) : (
          <div className="alert" role="alert">
            No approved template yet. Add one on the Templates page first.
          </div>
        )}
        {template ? <div className="json-block small">{template.body}</div> : null}
        {headerVariable !== undefined ? (
          <Input
            id="campaign-header-value"
            label={`Header {{${headerVariable}}}`}
            value={headerValue}
            required
            onChange={(e) => setHeaderValue(e.target.value)}
            hint="Text with {{field|fallback}}, as the variables."
          />
        ) : null}
        {mediaHeader ? (
          <div className="inline-fields">
            <Input
              id="campaign-header-url"
              label={`Header ${mediaHeader}: link`}
              placeholder="https://…"
              value={headerValue}
              disabled={headerFile !== null}
              onChange={(e) => setHeaderValue(e.target.value)}
              hint="Every recipient gets this file."
            />
            <Input
              id="campaign-header-file"
              label="…or upload it"
              type="file"
              accept={mediaHeader === "image" ? "image/jpeg,image/png" : mediaHeader === "video" ? "video/mp4,video/3gpp" : "application/pdf"}
              onChange={(e) => {
                setHeaderFile(e.target.files?.[0] ?? null);
                setHeaderId(null);
              }}
            />
          </div>
        ) : null}
        {valueButtons.map(({ b, index }) => (
          <Input
            key={`campaign-button-${templateId}-${index}`}
            id={`campaign-button-value-${index}`}
            label={b.type === "url" ? `${b.text}: end of the link` : "Code to copy"}
            hint={b.type === "url" ? `${b.url.replace(/\{\{\s*1\s*\}\}$/, "…")} ({{field|fallback}} allowed)` : "At most 15 characters."}
            value={buttonValues[index] ?? ""}
            required
            onChange={(e) => setButtonValues({ ...buttonValues, [index]: e.target.value })}
          />
        ))}
        {variables.map((v, i) => (
          <Input
            key={`var-${i + 1}`}
            id={`campaign-var-${i + 1}`}
            label={`Variable {{${i + 1}}}`}
            value={v}
            onChange={(e) => setVariables((all) => all.map((x, j) => (j === i ? e.target.value : x)))}
            hint={i === 0 ? "Text with {{field|fallback}}: name, phone or a metadata key, e.g. {{name|there}}." : undefined}
          />
        ))}
        <fieldset className="stack">
          <legend>Audience</legend>
          <Input
            id="campaign-any-tags"
            label="Tagged with any of"
            value={anyTags}
            onChange={(e) => setAnyTags(e.target.value)}
            hint="Comma-separated."
          />
          <Input id="campaign-all-tags" label="Tagged with all of" value={allTags} onChange={(e) => setAllTags(e.target.value)} />
          <Input id="campaign-search" label="Name or phone contains" value={search} onChange={(e) => setSearch(e.target.value)} />
          <Input
            id="campaign-days"
            label="Wrote within the last N days"
            type="number"
            min={1}
            max={3650}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
          <Field
            id="campaign-csv"
            label="CSV of phones"
            hint={csv ? csv.name : "A phone column, or phones in the first column; new numbers become contacts."}
          >
            <input id="campaign-csv" type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void readCsv(e.target.files?.[0])} />
          </Field>
          <div className="row">
            <Button onClick={() => preview.mutate()} loading={preview.isPending} disabled={!template}>
              Count and preview
            </Button>
            {preview.data ? (
              <span data-testid="audience-count">
                <strong>{preview.data.count.toLocaleString("en")}</strong> customers
                {preview.data.optedOut ? ` (${preview.data.optedOut.toLocaleString("en")} opted out, left out)` : ""}
              </span>
            ) : null}
          </div>
          {preview.data?.sample.length ? (
            <ul className="stack small" aria-label="Preview per recipient">
              {preview.data.sample.map((s) => (
                <li key={s.phone}>
                  <span className="muted">{s.name ?? s.phone}:</span> {s.text}
                </li>
              ))}
            </ul>
          ) : null}
        </fieldset>
        <Select
          id="campaign-when"
          label="When"
          value={when}
          onChange={(e) => setWhen(e.target.value as "now" | "later")}
          options={[
            { value: "now", label: "Send now" },
            { value: "later", label: "Schedule" },
          ]}
        />
        {when === "later" ? (
          <Input
            id="campaign-scheduled-at"
            label="Date and time"
            type="datetime-local"
            value={scheduledAt}
            onChange={(e) => setScheduledAt(e.target.value)}
            required
            hint="In the business's time zone."
          />
        ) : null}
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="primary"
            loading={create.isPending || (when === "now" && preview.isPending)}
            disabled={!template || !name.trim()}
          >
            {when === "later" ? "Schedule campaign" : "Send campaign"}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={`Send now to ${(confirming ?? 0).toLocaleString("en")} ${confirming === 1 ? "customer" : "customers"}?`}
        message="The campaign starts sending at once. You can pause or cancel it, but messages already sent stay sent."
        confirmLabel="Send now"
        busy={create.isPending}
        onConfirm={() => create.mutate(undefined, { onSettled: () => setConfirming(null) })}
        onCancel={() => setConfirming(null)}
      />
    </Dialog>
  );
}
