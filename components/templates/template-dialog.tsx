"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { Badge, Button, Dialog, Input, Select, Textarea } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import {
  placeholderCount,
  renderTemplate,
  type TemplateButton,
  type TemplateHeader,
  type TemplateOut,
  templateIn,
  templateVariables,
} from "@/lib/shared/template-schema";
import { WaTemplate } from "./wa-template";

const headerFormats = [
  { value: "none", label: "No header" },
  { value: "text", label: "Text" },
  { value: "image", label: "Image" },
  { value: "video", label: "Video" },
  { value: "document", label: "Document" },
];
const buttonTypes = [
  { value: "quick_reply", label: "Quick reply" },
  { value: "url", label: "Visit website (URL)" },
  { value: "phone_number", label: "Call phone number" },
  { value: "copy_code", label: "Copy offer code" },
  { value: "flow", label: "Open a WhatsApp Flow" },
];
type HeaderFormat = "none" | TemplateHeader["format"];

function blankButton(type: TemplateButton["type"]): TemplateButton {
  if (type === "url") return { type, text: "", url: "https://" };
  if (type === "phone_number") return { type, text: "", phoneNumber: "" };
  if (type === "copy_code") return { type, example: "" };
  if (type === "flow") return { type, text: "", flowId: "", flowAction: "navigate", navigateScreen: "" };
  return { type, text: "" };
}

const categories = [
  { value: "utility", label: "Utility: order and booking updates" },
  { value: "marketing", label: "Marketing: offers and news" },
  { value: "authentication", label: "Authentication: one-time codes" },
];

/** Register a template, or edit one's body and category, with a live count of {{n}} placeholders and a preview. */
export function TemplateDialog({
  template,
  reviewedByMeta,
  onClose,
}: {
  template: TemplateOut | null;
  /** Meta reviews the business's templates: examples are required and a save goes to review. */
  reviewedByMeta: boolean;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [name, setName] = useState(template?.name ?? "");
  const [language, setLanguage] = useState(template?.language ?? "en");
  const [category, setCategory] = useState(template?.category ?? "utility");
  const [body, setBody] = useState(template?.body ?? "");
  const [samples, setSamples] = useState<string[]>(template?.examples ?? []);
  const [format, setFormat] = useState<"positional" | "named">(template?.parameterFormat ?? "positional");
  const [headerFormat, setHeaderFormat] = useState<HeaderFormat>(template?.header?.format ?? "none");
  const [headerText, setHeaderText] = useState(template?.header?.format === "text" ? template.header.text : "");
  const [headerExample, setHeaderExample] = useState(template?.header?.example ?? "");
  const [footer, setFooter] = useState(template?.footer ?? "");
  const [buttons, setButtons] = useState<TemplateButton[]>(template?.buttons ?? []);
  const [tried, setTried] = useState(false);
  const count = placeholderCount(body);
  const keys = templateVariables(body);
  const headerVariable = headerFormat === "text" ? templateVariables(headerText)[0] : undefined;
  const header: TemplateHeader | null =
    headerFormat === "none"
      ? null
      : headerFormat === "text"
        ? { format: "text", text: headerText, ...(headerExample.trim() ? { example: headerExample.trim() } : {}) }
        : { format: headerFormat, ...(headerExample.trim() ? { example: headerExample.trim() } : {}) };
  // Checked with the API's own schema (Meta's component rules); shown once a save was attempted, then live.
  const examples = Array.from({ length: count }, (_, i) => (samples[i] ?? "").trim());
  const parsed = templateIn.safeParse({
    name: name.trim(),
    language: language.trim(),
    category,
    parameterFormat: format,
    header,
    body,
    footer: footer.trim() || null,
    buttons,
    examples: examples.every(Boolean) ? examples : undefined,
  });
  const errors: Record<string, string> = {};
  if (tried && !parsed.success) {
    for (const i of parsed.error.issues) {
      const key = i.path.slice(0, i.path[0] === "buttons" && i.path.length > 1 ? 2 : 1).join(".");
      errors[key] ??= i.path[0] === "body" && i.code !== "custom" ? "Write the message (1..1,024 characters)." : i.message;
    }
  }
  // Meta wants an example for every variable; elsewhere they only feed the preview.
  const missingExample = reviewedByMeta && examples.some((e) => !e);
  if (tried && missingExample) errors.examples = "Meta reviews this template: give an example for every variable.";
  const save = useMutation({
    mutationFn: (t: z.output<typeof templateIn>) => apiFetch<TemplateOut>("/v1/templates", { method: "POST", body: t }),
    onSuccess: (saved) => {
      client.invalidateQueries({ queryKey: ["templates"] });
      if (saved.status === "rejected") return; // stay open: Meta's reason is shown below
      onClose();
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (parsed.success && !missingExample) save.mutate(parsed.data);
  }

  return (
    <Dialog open onClose={onClose} title={template ? `Edit ${template.name} (${template.language})` : "New template"}>
      <form className="stack" onSubmit={submit} noValidate>
        {save.isError ? (
          <div className="alert" role="alert">
            {errorMessage(save.error)}
          </div>
        ) : null}
        {save.data?.status === "rejected" ? (
          <div className="alert" role="alert">
            Meta rejected this template{save.data.statusReason ? ` (${save.data.statusReason.toLowerCase().replaceAll("_", " ")})` : ""}. Change the
            body or category and save again.
          </div>
        ) : null}
        {reviewedByMeta ? (
          <p className="muted" style={{ margin: 0 }}>
            Saving submits the template to Meta for review. It can be sent once Meta approves it, usually within minutes.
          </p>
        ) : null}
        <div className="inline-fields">
          <Input
            id="template-name"
            label="Name"
            placeholder="order_update"
            value={name}
            error={errors.name}
            disabled={template !== null}
            hint={reviewedByMeta ? "Lower-case letters, digits and underscores." : "Exactly as approved on your channel."}
            onChange={(e) => setName(e.target.value)}
          />
          <Input
            id="template-language"
            label="Language"
            placeholder="en"
            value={language}
            error={errors.language}
            disabled={template !== null}
            onChange={(e) => setLanguage(e.target.value)}
          />
        </div>
        <Select
          id="template-category"
          label="Category"
          value={category}
          options={categories}
          onChange={(e) => setCategory(e.target.value as typeof category)}
        />
        <Select
          id="template-format"
          label="Variables"
          value={format}
          options={[
            { value: "positional", label: "Numbered: {{1}}, {{2}}" },
            { value: "named", label: "Named: {{first_name}}, {{order_id}}" },
          ]}
          onChange={(e) => setFormat(e.target.value as typeof format)}
        />
        <div className="inline-fields">
          <Select
            id="template-header-format"
            label="Header"
            value={headerFormat}
            options={headerFormats}
            error={errors.header}
            onChange={(e) => setHeaderFormat(e.target.value as HeaderFormat)}
          />
          {headerFormat === "text" ? (
            <Input
              id="template-header-text"
              label="Header text"
              placeholder="Order {{1}} shipped"
              value={headerText}
              maxLength={60}
              error={errors["header.text"] ?? errors.header}
              hint="At most 60 characters and one variable."
              onChange={(e) => setHeaderText(e.target.value)}
            />
          ) : null}
          {headerVariable || (headerFormat !== "none" && headerFormat !== "text") ? (
            <Input
              id="template-header-example"
              label={headerVariable ? `Example for {{${headerVariable}}}` : `Sample ${headerFormat} handle`}
              value={headerExample}
              hint={headerVariable ? undefined : "Meta reviews a sample: the handle its Resumable Upload API gave for the file."}
              error={errors["header.example"]}
              onChange={(e) => setHeaderExample(e.target.value)}
            />
          ) : null}
        </div>
        <Textarea
          id="template-body"
          label="Body"
          rows={4}
          placeholder="Hi {{1}}, your order {{2}} is on its way."
          value={body}
          error={errors.body}
          hint={
            <span data-testid="placeholder-count">
              {count === 0 ? "No placeholders" : `${count} placeholder${count === 1 ? "" : "s"}`}:{" "}
              {format === "named" ? "{{first_name}}, {{order_id}}…" : "{{1}}, {{2}}…"} are filled with the variables given when sending.
            </span>
          }
          onChange={(e) => setBody(e.target.value)}
        />
        {count ? (
          <div className="inline-fields">
            {Array.from({ length: count }, (_, i) => (
              <Input
                key={i}
                id={`template-sample-${i + 1}`}
                label={`Example for {{${keys[i] ?? i + 1}}}`}
                value={samples[i] ?? ""}
                error={errors.examples && !examples[i] ? "Required by Meta" : undefined}
                onChange={(e) => setSamples(Object.assign([...samples], { [i]: e.target.value }))}
              />
            ))}
          </div>
        ) : null}
        <Input
          id="template-footer"
          label="Footer (optional)"
          placeholder="Reply STOP to opt out"
          value={footer}
          maxLength={60}
          error={errors.footer}
          hint="At most 60 characters, no variables."
          onChange={(e) => setFooter(e.target.value)}
        />
        <fieldset className="stack template-buttons" style={{ gap: 8 }}>
          <legend className="field-label">Buttons (optional, up to 10)</legend>
          {errors.buttons ? (
            <div className="field-error" role="alert">
              {errors.buttons}
            </div>
          ) : null}
          {buttons.map((b, i) => {
            const change = (next: Partial<TemplateButton>) =>
              setButtons(buttons.map((old, j) => (j === i ? ({ ...old, ...next } as TemplateButton) : old)));
            const error = errors[`buttons.${i}`];
            return (
              <div key={i} className="inline-fields" data-testid={`template-button-${i}`}>
                <Select
                  id={`template-button-${i}-type`}
                  label={`Button ${i + 1}`}
                  value={b.type}
                  options={buttonTypes}
                  onChange={(e) => setButtons(buttons.map((old, j) => (j === i ? blankButton(e.target.value as TemplateButton["type"]) : old)))}
                />
                {"text" in b ? (
                  <Input
                    id={`template-button-${i}-text`}
                    label="Button text"
                    value={b.text}
                    maxLength={25}
                    error={error}
                    onChange={(e) => change({ text: e.target.value })}
                  />
                ) : null}
                {b.type === "url" ? (
                  <Input
                    id={`template-button-${i}-url`}
                    label="URL"
                    value={b.url}
                    hint="A variable may only end it: https://shop.example/track/{{1}}"
                    onChange={(e) => change({ url: e.target.value })}
                  />
                ) : null}
                {b.type === "url" && /\{\{\s*1\s*\}\}$/.test(b.url) ? (
                  <Input
                    id={`template-button-${i}-example`}
                    label="Example URL"
                    value={b.example ?? ""}
                    onChange={(e) => change({ example: e.target.value || undefined })}
                  />
                ) : null}
                {b.type === "phone_number" ? (
                  <Input
                    id={`template-button-${i}-phone`}
                    label="Phone number"
                    placeholder="+15551234567"
                    value={b.phoneNumber}
                    onChange={(e) => change({ phoneNumber: e.target.value })}
                  />
                ) : null}
                {b.type === "flow" ? (
                  <>
                    <Input
                      id={`template-button-${i}-flow-id`}
                      label="Flow id (Meta)"
                      placeholder="1197715005513101"
                      value={b.flowId}
                      onChange={(e) => change({ flowId: e.target.value.trim() })}
                      hint="The Flow's id in Meta's Flow builder; register it under WhatsApp Flows to read its answers."
                    />
                    <Input
                      id={`template-button-${i}-flow-screen`}
                      label="Screen it opens"
                      placeholder="BOOKING"
                      value={b.navigateScreen ?? ""}
                      onChange={(e) => change({ navigateScreen: e.target.value.trim() || undefined })}
                    />
                  </>
                ) : null}
                {b.type === "copy_code" ? (
                  <Input
                    id={`template-button-${i}-code`}
                    label="Example code"
                    value={b.example}
                    maxLength={15}
                    error={error}
                    onChange={(e) => change({ example: e.target.value })}
                  />
                ) : null}
                <Button onClick={() => setButtons(buttons.filter((_, j) => j !== i))} aria-label={`Remove button ${i + 1}`}>
                  Remove
                </Button>
              </div>
            );
          })}
          {buttons.length < 10 ? (
            <div>
              <Button onClick={() => setButtons([...buttons, blankButton("quick_reply")])}>Add button</Button>
            </div>
          ) : null}
        </fieldset>
        <div>
          <div className="field-label" style={{ marginBottom: 4 }}>
            Preview <Badge>{category}</Badge>
          </div>
          <div className="wa-template-backdrop">
            <WaTemplate
              testId="template-preview"
              header={
                header?.format === "text"
                  ? { format: "text", text: renderTemplate(header.text, [headerExample || `{{${headerVariable ?? 1}}}`]) }
                  : header
                    ? { format: header.format, label: null }
                    : null
              }
              body={
                body ? (
                  renderTemplate(
                    body,
                    Array.from({ length: count }, (_, i) => samples[i] || `{{${keys[i] ?? i + 1}}}`),
                  )
                ) : (
                  <span className="muted">The message appears here.</span>
                )
              }
              footer={footer.trim() || null}
              buttons={buttons.map((b) =>
                b.type === "copy_code" ? { type: b.type, text: "Copy offer code" } : { type: b.type, text: b.text || "Button text" },
              )}
            />
          </div>
        </div>
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={save.isPending}>
            {template ? "Save" : "Add template"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
