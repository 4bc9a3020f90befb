"use client";
import { type FormEvent, useState } from "react";
import { Button, Input, Select } from "@/components/ui";
import { MAX_SKILL_EXAMPLE_LENGTH, MAX_SKILL_EXAMPLES } from "@/lib/shared/skill-schema";

export type ExamplePhrase = { lang: "en" | "pt" | "es"; text: string };

const languages = [
  { value: "en", label: "English" },
  { value: "pt", label: "Portuguese" },
  { value: "es", label: "Spanish" },
];

/**
 * The skill's example phrases: what customers might write to mean this skill, each in its language.
 * The assistant learns from them (with the skill's name and trigger phrases) once the skill is saved.
 */
export function ExamplePhrases({
  examples,
  onChange,
  readOnly,
}: {
  examples: ExamplePhrase[];
  onChange: (next: ExamplePhrase[]) => void;
  readOnly: boolean;
}) {
  const [lang, setLang] = useState<ExamplePhrase["lang"]>("en");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);

  function add(e: FormEvent) {
    e.preventDefault();
    const phrase = text.trim();
    if (phrase.length < 2) return setError("Write a phrase of at least 2 characters.");
    if (phrase.length > MAX_SKILL_EXAMPLE_LENGTH) return setError(`A phrase has at most ${MAX_SKILL_EXAMPLE_LENGTH} characters.`);
    if (examples.length >= MAX_SKILL_EXAMPLES) return setError(`A skill has at most ${MAX_SKILL_EXAMPLES} example phrases.`);
    if (examples.some((x) => x.lang === lang && x.text.toLowerCase() === phrase.toLowerCase())) return setError("That phrase is already listed.");
    onChange([...examples, { lang, text: phrase }]);
    setText("");
    setError(null);
  }

  return (
    <section className="skill-examples" aria-label="Example phrases" data-testid="skill-examples">
      <header className="skill-problems-head">
        <strong>Example phrases</strong>
        <span className="muted small">
          What customers might write to mean this skill ({examples.length}/{MAX_SKILL_EXAMPLES}). Used from the next message after saving.
        </span>
      </header>
      {examples.length ? (
        <ul className="skill-problem-list">
          {examples.map((x, i) => (
            <li key={`${x.lang}:${x.text}`} className="row-wrap" data-testid="skill-example">
              <span className="badge">{x.lang.toUpperCase()}</span>
              <span>{x.text}</span>
              {readOnly ? null : (
                <Button size="sm" aria-label={`Remove "${x.text}"`} onClick={() => onChange(examples.filter((_, j) => j !== i))}>
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">No example phrases yet: the assistant knows this skill by its name, description and trigger phrases.</p>
      )}
      {readOnly ? null : (
        <form className="row-wrap" onSubmit={add}>
          <Select
            id="skill-example-lang"
            aria-label="Language of the phrase"
            options={languages}
            value={lang}
            onChange={(e) => setLang(e.target.value as ExamplePhrase["lang"])}
          />
          <Input
            id="skill-example-text"
            aria-label="Example phrase"
            placeholder="e.g. can we get a table for tonight?"
            value={text}
            maxLength={MAX_SKILL_EXAMPLE_LENGTH}
            error={error}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
          />
          <Button type="submit" size="sm">
            Add phrase
          </Button>
        </form>
      )}
    </section>
  );
}
