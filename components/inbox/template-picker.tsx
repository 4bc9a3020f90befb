"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { type FormEvent, useMemo, useState } from "react";
import { Button, EmptyState, ErrorState, Input, Select, Skeleton, useToast } from "@/components/ui";
import { apiFetch, apiUpload, errorMessage } from "@/components/data/fetcher";
import { WaTemplate } from "@/components/templates/wa-template";
import { renderTemplate, templateVariables, urlVariable } from "@/lib/shared/template-schema";
import type { Page, Template, UploadedFile } from "./types";

/** A template send as the inbox's reply takes it (the `template` of a send request). */
export type TemplateSendIn = {
  name: string;
  language: string;
  variables: string[];
  header?: { text: string } | { media: { id: string } | { url: string } };
  buttons?: { index: number; text: string }[];
};

/**
 * Outside the 24-hour window: choose an approved template, fill one input per variable (the body's,
 * a text header's, a URL button's, a copy code), give a media header's file (upload or link),
 * preview it as WhatsApp shows it, send.
 */
export function TemplatePicker({ sending, onSend }: { sending: boolean; onSend: (t: TemplateSendIn) => void }) {
  const toast = useToast();
  const templates = useQuery({
    queryKey: ["templates"],
    queryFn: () => apiFetch<Page<Template>>("/v1/templates", { query: { limit: 200 } }),
  });
  const approved = useMemo(() => (templates.data?.data ?? []).filter((t) => t.status === "approved"), [templates.data]);
  const [selectedId, setSelectedId] = useState("");
  const [variables, setVariables] = useState<string[]>([]);
  const [headerValue, setHeaderValue] = useState("");
  const [headerFile, setHeaderFile] = useState<File | null>(null);
  const [buttonValues, setButtonValues] = useState<Record<number, string>>({});
  const [uploading, setUploading] = useState(false);
  const template = approved.find((t) => t.id === selectedId) ?? approved[0];
  const keys = template ? templateVariables(template.body) : [];
  const values = keys.map((_, i) => variables[i] ?? "");
  const header = template?.header ?? null;
  const headerVariable = header?.format === "text" ? templateVariables(header.text)[0] : undefined;
  const mediaHeader = header && header.format !== "text" ? header.format : null;
  const valueButtons = (template?.buttons ?? [])
    .map((b, index) => ({ b, index }))
    .filter(({ b }) => (b.type === "url" && urlVariable(b.url)) || b.type === "copy_code");

  if (templates.isPending) return <Skeleton lines={2} />;
  if (templates.isError) return <ErrorState error={templates.error} title="Could not load templates" onRetry={() => templates.refetch()} />;
  if (!template)
    return (
      <EmptyState title="No templates yet" icon="❏">
        Outside the window only a template can be sent. An owner can add one on the <Link href="/templates">Templates</Link> page.
      </EmptyState>
    );

  const incomplete =
    values.some((v) => !v.trim()) ||
    (headerVariable !== undefined && !headerValue.trim()) ||
    (mediaHeader !== null && !headerFile && !/^https?:\/\/\S+$/.test(headerValue.trim())) ||
    valueButtons.some(({ index }) => !(buttonValues[index] ?? "").trim());

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!template || incomplete) return;
    let headerIn: TemplateSendIn["header"];
    if (headerVariable !== undefined) headerIn = { text: headerValue.trim() };
    if (mediaHeader) {
      if (headerFile) {
        setUploading(true);
        try {
          const uploaded = await apiUpload<UploadedFile>("/v1/media", headerFile);
          headerIn = { media: { id: uploaded.id } };
        } catch (err) {
          toast.error(errorMessage(err));
          return;
        } finally {
          setUploading(false);
        }
      } else headerIn = { media: { url: headerValue.trim() } };
    }
    const buttons = valueButtons.map(({ index }) => ({ index, text: (buttonValues[index] ?? "").trim() }));
    onSend({
      name: template.name,
      language: template.language,
      variables: values,
      ...(headerIn ? { header: headerIn } : {}),
      ...(buttons.length ? { buttons } : {}),
    });
  }

  return (
    <form className="stack" style={{ gap: 8 }} onSubmit={submit} aria-label="Send a template">
      <Select
        id="template-select"
        label="Template"
        value={template.id}
        onChange={(e) => {
          setSelectedId(e.target.value);
          setVariables([]);
          setHeaderValue("");
          setHeaderFile(null);
          setButtonValues({});
        }}
        options={approved.map((t) => ({ value: t.id, label: `${t.name} · ${t.language} · ${t.category}` }))}
      />
      {headerVariable !== undefined ? (
        <Input
          id="template-header-value"
          label={`Header {{${headerVariable}}}`}
          value={headerValue}
          maxLength={60}
          required
          onChange={(e) => setHeaderValue(e.target.value)}
        />
      ) : null}
      {mediaHeader ? (
        <div className="inline-fields">
          <Input
            id="template-header-url"
            label={`Header ${mediaHeader}: link`}
            placeholder="https://…"
            value={headerValue}
            disabled={headerFile !== null}
            onChange={(e) => setHeaderValue(e.target.value)}
          />
          <Input
            id="template-header-file"
            label="…or upload it"
            type="file"
            accept={mediaHeader === "image" ? "image/jpeg,image/png" : mediaHeader === "video" ? "video/mp4,video/3gpp" : "application/pdf"}
            onChange={(e) => setHeaderFile(e.target.files?.[0] ?? null)}
          />
        </div>
      ) : null}
      {values.length ? (
        <div className="inline-fields">
          {values.map((v, i) => (
            <Input
              key={`${template.id}-${keys[i]}`}
              id={`template-var-${i + 1}`}
              label={`Variable {{${keys[i]}}}`}
              value={v}
              required
              onChange={(e) => setVariables(values.map((old, j) => (j === i ? e.target.value : old)))}
            />
          ))}
        </div>
      ) : null}
      {valueButtons.length ? (
        <div className="inline-fields">
          {valueButtons.map(({ b, index }) => (
            <Input
              key={`${template.id}-button-${index}`}
              id={`template-button-value-${index}`}
              label={b.type === "url" ? `${b.text}: end of the link` : "Code to copy"}
              hint={b.type === "url" ? b.url.replace(/\{\{\s*1\s*\}\}$/, "…") : "At most 15 characters."}
              maxLength={b.type === "copy_code" ? 15 : 2000}
              value={buttonValues[index] ?? ""}
              required
              onChange={(e) => setButtonValues({ ...buttonValues, [index]: e.target.value })}
            />
          ))}
        </div>
      ) : null}
      <div>
        <div className="field-label">Preview</div>
        <div className="wa-template-backdrop">
          <WaTemplate
            testId="template-preview"
            header={
              header?.format === "text"
                ? { format: "text", text: renderTemplate(header.text, [headerValue || `{{${headerVariable ?? 1}}}`]) }
                : header
                  ? { format: header.format, label: headerFile?.name ?? null }
                  : null
            }
            body={renderTemplate(
              template.body,
              values.map((v, i) => v || `{{${keys[i]}}}`),
            )}
            footer={template.footer}
            buttons={template.buttons.map((b) =>
              b.type === "copy_code" ? { type: b.type, text: "Copy offer code" } : { type: b.type, text: b.text },
            )}
          />
        </div>
      </div>
      <div className="row" style={{ justifyContent: "flex-end" }}>
        <Button type="submit" variant="primary" loading={sending || uploading} disabled={incomplete}>
          Send template
        </Button>
      </div>
    </form>
  );
}
