"use client";
import { useQuery } from "@tanstack/react-query";
import { Input } from "@/components/ui";
import type { BusinessLanguages } from "@/lib/shared/assistant-schema";
import { apiFetch } from "@/components/data/fetcher";

export type SkillNames = Partial<Record<"en" | "pt" | "es", string>>;

const languages = [
  { value: "en", label: "English" },
  { value: "pt", label: "Portuguese" },
  { value: "es", label: "Spanish" },
] as const;

/**
 * The skill's name in each language: the assistant names the skill in the customer's language when it
 * lists what it can do. A language the business serves with no name is marked.
 */
export function SkillNamesField({ names, onChange, readOnly }: { names: SkillNames; onChange: (next: SkillNames) => void; readOnly: boolean }) {
  const served = useQuery({ queryKey: ["business-languages"], queryFn: () => apiFetch<BusinessLanguages>("/v1/business-languages") });
  const servedLanguages: string[] = served.data?.languages ?? [];
  const change = (lang: "en" | "pt" | "es", value: string) => {
    const next = { ...names };
    if (value.trim()) next[lang] = value;
    else delete next[lang];
    onChange(next);
  };
  return (
    <section className="skill-names-section" aria-label="Names in each language" data-testid="skill-names">
      <header className="skill-problems-head">
        <strong>Names in each language</strong>
        <span className="muted small">How customers writing in each language read this skill's name.</span>
      </header>
      <div className="skill-names">
        {languages.map((l) => {
          const missing = servedLanguages.includes(l.value) && !names[l.value]?.trim();
          return (
            <Input
              key={l.value}
              id={`skill-name-${l.value}`}
              label={`Name in ${l.label}${missing ? " (missing)" : ""}`}
              value={names[l.value] ?? ""}
              maxLength={200}
              disabled={readOnly}
              onChange={(e) => change(l.value, e.target.value)}
            />
          );
        })}
      </div>
    </section>
  );
}
