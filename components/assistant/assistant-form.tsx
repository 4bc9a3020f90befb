"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button, Card, Input, Select, Textarea, useToast } from "@/components/ui";
import { type AssistantOut, assistantPatch } from "@/lib/shared/assistant-schema";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";

const languages = [
  { value: "auto", label: "Automatic: answer in the customer's language" },
  { value: "en", label: "English (en)" },
  { value: "pt", label: "Portuguese (pt)" },
  { value: "pt_BR", label: "Portuguese, Brazil (pt_BR)" },
  { value: "es", label: "Spanish (es)" },
  { value: "fr", label: "French (fr)" },
  { value: "de", label: "German (de)" },
  { value: "it", label: "Italian (it)" },
  { value: "nl", label: "Dutch (nl)" },
  { value: "other", label: "Another code…" },
];

/** Name, language and instructions, validated with the API's own patch schema. */
export function AssistantForm({ assistant }: { assistant: AssistantOut }) {
  const client = useQueryClient();
  const toast = useToast();
  const known = languages.some((l) => l.value === assistant.language);
  const [name, setName] = useState(assistant.name);
  const [choice, setChoice] = useState(known ? assistant.language : "other");
  const [code, setCode] = useState(known ? "" : assistant.language);
  const [instructions, setInstructions] = useState(assistant.instructions);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const language = choice === "other" ? code.trim() : choice;
  const save = useMutation({
    mutationFn: (body: object) => apiFetch<AssistantOut>(`/v1/internal/assistants/${assistant.id}`, { method: "PATCH", body }),
    onSuccess: (saved) => {
      toast.success("Assistant saved.");
      client.setQueryData(["assistant", saved.id], saved);
      client.invalidateQueries({ queryKey: ["assistants"] });
    },
    onError: (err) => {
      if (err instanceof DashboardError && err.details?.length) setErrors(Object.fromEntries(err.details.map((d) => [d.path, d.message])));
      else toast.error(errorMessage(err));
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = assistantPatch.safeParse({ name: name.trim(), language, instructions });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.path[0] === "name" ? "Give the assistant a name." : i.message])),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  return (
    <Card title="Settings">
      <form className="stack" onSubmit={submit} noValidate>
        <Input id="assistant-name" label="Name" value={name} error={errors.name} maxLength={200} onChange={(e) => setName(e.target.value)} />
        <div className="inline-fields">
          <Select id="assistant-language" label="Language" value={choice} options={languages} onChange={(e) => setChoice(e.target.value)} />
          {choice === "other" ? (
            <Input
              id="assistant-language-code"
              label="Language code"
              placeholder="ja"
              value={code}
              error={errors.language}
              onChange={(e) => setCode(e.target.value)}
            />
          ) : null}
        </div>
        <Textarea
          id="assistant-instructions"
          label="Instructions"
          rows={7}
          value={instructions}
          error={errors.instructions}
          hint={`How the assistant should behave: tone, what to offer, when to hand off. ${instructions.length.toLocaleString("en")} / 20,000 characters.`}
          onChange={(e) => setInstructions(e.target.value)}
        />
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button type="submit" variant="primary" loading={save.isPending}>
            Save settings
          </Button>
        </div>
      </form>
    </Card>
  );
}
