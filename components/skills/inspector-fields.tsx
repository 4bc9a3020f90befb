"use client";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { z } from "zod";
import { Input, Select, type SelectOption, Textarea } from "@/components/ui";
import type { BusinessLanguages } from "@/lib/shared/assistant-schema";
import { apiFetch } from "@/components/data/fetcher";

// Small controls of the node side panel. Each one edits one key of the node's data; `undefined`
// removes the key (optional fields stay absent rather than saved as "").

export type Patch = (key: string, value: unknown) => void;
export type FieldErrors = (path: string) => string | undefined;

// The validator words a missing key "is required"; the panel does the same.
const parseOptions = { error: (iss: { input?: unknown }) => (iss.input === undefined ? "is required" : undefined) };

/** Runs the type's own schema (nodeDataSchemas[type]) and answers "what is wrong under this path". */
export function fieldErrors(schema: z.ZodType, data: unknown): { errors: FieldErrors; count: number } {
  const result = schema.safeParse(data, parseOptions);
  const issues = result.success ? [] : result.error.issues;
  const errors: FieldErrors = (path) => {
    const hit = issues.find((i) => i.path.map(String).join(".").startsWith(path));
    if (!hit) return undefined;
    const rest = hit.path.slice(path.split(".").length).map(String);
    return rest.length ? `${rest.join(".")}: ${hit.message}` : hit.message;
  };
  return { errors, count: issues.length };
}

const fieldId = (key: string) => `node-field-${key.replace(/\W/g, "-")}`;

export function TextField({
  name,
  label,
  value,
  onPatch,
  error,
  hint,
  optional,
  multiline,
}: FieldProps<unknown> & { optional?: boolean; multiline?: boolean }) {
  const text = typeof value === "string" ? value : "";
  const change = (v: string) => onPatch(name, optional && v === "" ? undefined : v);
  return multiline ? (
    <Textarea id={fieldId(name)} label={label} hint={hint} error={error} value={text} rows={3} onChange={(e) => change(e.target.value)} />
  ) : (
    <Input id={fieldId(name)} label={label} hint={hint} error={error} value={text} onChange={(e) => change(e.target.value)} />
  );
}

const languageNames: Record<string, string> = { pt: "Portuguese", es: "Spanish", en: "English" };

/**
 * Per-language variants of a text (`texts`, `retryTexts`...): the reply uses the customer's detected
 * language when its variant is filled, and the default text otherwise. An emptied variant is removed.
 * A language the business serves (but its main one, the default text's) with no variant is marked.
 */
export function LanguageTextsField({ name, label, value, onPatch, error, languages: shown }: FieldProps<unknown> & { languages?: string[] }) {
  const texts = value && typeof value === "object" ? (value as Record<string, string>) : {};
  const served = useQuery({ queryKey: ["business-languages"], queryFn: () => apiFetch<BusinessLanguages>("/v1/business-languages") });
  const [main, ...others] = served.data?.languages ?? [];
  // English too when the skill's default text is in another language (a business set up in Spanish).
  const languages =
    shown ?? (texts.en !== undefined || (main && main !== "en") ? ["en", "pt", "es"] : ["pt", "es"]).filter((l) => l !== main || texts[l]);
  const change = (lang: string, v: string) => {
    const next = { ...texts };
    if (v === "") delete next[lang];
    else next[lang] = v;
    onPatch(name, Object.keys(next).length ? next : undefined);
  };
  return (
    <>
      {languages.map((lang) => {
        const missing = (others as string[]).includes(lang) && !texts[lang];
        return (
          <Textarea
            key={lang}
            id={fieldId(`${name}.${lang}`)}
            label={`${label} in ${languageNames[lang] ?? lang}${missing ? " (missing)" : ""}`}
            hint={
              missing
                ? `Your business serves ${languageNames[lang]}: customers writing in it get the default text until this is filled.`
                : "Optional: sent to customers writing in this language."
            }
            error={error}
            value={texts[lang] ?? ""}
            rows={2}
            onChange={(e) => change(lang, e.target.value)}
          />
        );
      })}
    </>
  );
}

export function NumberField({ name, label, value, onPatch, error, hint }: FieldProps<unknown>) {
  return (
    <Input
      id={fieldId(name)}
      type="number"
      label={label}
      hint={hint}
      error={error}
      value={typeof value === "number" ? String(value) : ""}
      onChange={(e) => onPatch(name, e.target.value === "" ? undefined : Number(e.target.value))}
    />
  );
}

export function SelectField({ name, label, value, onPatch, error, hint, options }: FieldProps<unknown> & { options: SelectOption[] }) {
  return (
    <Select
      id={fieldId(name)}
      label={label}
      hint={hint}
      error={error}
      value={String(value ?? "")}
      options={options}
      onChange={(e) => onPatch(name, e.target.value)}
    />
  );
}

/** A list of phrases, one per line. Local text so a new empty line can be typed before it has content. */
export function ListField({ name, label, value, onPatch, error, hint, optional }: FieldProps<unknown> & { optional?: boolean }) {
  const [text, setText] = useState(() => (Array.isArray(value) ? value.join("\n") : ""));
  return (
    <Textarea
      id={fieldId(name)}
      label={label}
      hint={hint ?? "One per line."}
      error={error}
      rows={4}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const items = e.target.value.split("\n").filter((line) => line.trim() !== "");
        onPatch(name, optional && !items.length ? undefined : items);
      }}
    />
  );
}

/**
 * The choices as shown in each language (`choiceTexts`): one per line, in the order of the default
 * choices, whose value is what the skill stores. An emptied language is removed.
 */
export function LanguageChoicesField({ name, label, value, onPatch, error, count }: FieldProps<unknown> & { count: number }) {
  const lists = value && typeof value === "object" ? (value as Record<string, string[]>) : {};
  const [drafts, setDrafts] = useState<Record<string, string>>(() =>
    Object.fromEntries(["en", "pt", "es"].map((l) => [l, (lists[l] ?? []).join("\n")])),
  );
  const change = (lang: string, text: string) => {
    setDrafts((d) => ({ ...d, [lang]: text }));
    const items = text.split("\n").filter((line) => line.trim() !== "");
    const next = { ...lists };
    if (items.length) next[lang] = items;
    else delete next[lang];
    onPatch(name, Object.keys(next).length ? next : undefined);
  };
  return (
    <>
      {["pt", "es", "en"].map((lang) => (
        <Textarea
          key={lang}
          id={fieldId(`${name}.${lang}`)}
          label={`${label} in ${languageNames[lang]}`}
          hint={`Optional: ${count} line${count === 1 ? "" : "s"}, in the order of the choices above.`}
          error={error}
          rows={2}
          value={drafts[lang] ?? ""}
          onChange={(e) => change(lang, e.target.value)}
        />
      ))}
    </>
  );
}

type FieldProps<T> = { name: string; label: ReactNode; value: T; onPatch: Patch; error?: string; hint?: ReactNode };
