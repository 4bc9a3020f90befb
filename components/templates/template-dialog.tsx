"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { Badge, Button, Dialog, Input, Select, Textarea } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import { placeholderCount, renderTemplate, type TemplateOut, templateIn } from "@/lib/shared/template-schema";

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
  const [tried, setTried] = useState(false);
  const count = placeholderCount(body);
  // Checked with the API's own schema; shown once a save was attempted, then live as the fields change.
  const examples = Array.from({ length: count }, (_, i) => (samples[i] ?? "").trim());
  const parsed = templateIn.safeParse({
    name: name.trim(),
    language: language.trim(),
    category,
    body,
    examples: examples.every(Boolean) ? examples : undefined,
  });
  const errors: Record<string, string> =
    tried && !parsed.success
      ? Object.fromEntries(
          parsed.error.issues.map((i) => [String(i.path[0]), i.path[0] === "body" ? "Write the message (1..1,024 characters)." : i.message]),
        )
      : {};
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
        <Textarea
          id="template-body"
          label="Body"
          rows={4}
          placeholder="Hi {{1}}, your order {{2}} is on its way."
          value={body}
          error={errors.body}
          hint={
            <span data-testid="placeholder-count">
              {count === 0 ? "No placeholders" : `${count} placeholder${count === 1 ? "" : "s"}`}: {"{{1}}"}, {"{{2}}"}… are filled with the variables
              given when sending.
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
                label={`Example for {{${i + 1}}}`}
                value={samples[i] ?? ""}
                error={errors.examples && !examples[i] ? "Required by Meta" : undefined}
                onChange={(e) => setSamples(Object.assign([...samples], { [i]: e.target.value }))}
              />
            ))}
          </div>
        ) : null}
        <div>
          <div className="field-label" style={{ marginBottom: 4 }}>
            Preview <Badge>{category}</Badge>
          </div>
          <div className="template-preview" data-testid="template-preview">
            {body ? (
              renderTemplate(
                body,
                Array.from({ length: count }, (_, i) => samples[i] || `{{${i + 1}}}`),
              )
            ) : (
              <span className="muted">The message appears here.</span>
            )}
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
