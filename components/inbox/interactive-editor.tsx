"use client";
import { Button, Input } from "@/components/ui";
import { INTERACTIVE_LIMITS, type InteractiveMessage, interactiveMessage } from "@/lib/shared/interactive-schema";

/** Choices added to a reply: reply buttons (up to 3) or a list (up to 10 rows) with its button's label. */
export type ChoiceDraft = { kind: "button" | "list"; options: string[]; button: string };

export const emptyDraft = (kind: ChoiceDraft["kind"]): ChoiceDraft => ({ kind, options: ["", ""], button: "Choose" });

/** The draft as an interactive message with the box's text as its body, or the first thing WhatsApp would refuse. */
export function draftMessage(draft: ChoiceDraft, body: string): { message: InteractiveMessage } | { error: string } {
  const options = draft.options.map((o) => o.trim()).filter(Boolean);
  const candidate =
    draft.kind === "button"
      ? { type: "button", body, buttons: options.map((title, i) => ({ id: `btn_${i + 1}`, title })) }
      : { type: "list", body, button: draft.button, sections: [{ rows: options.map((title, i) => ({ id: `row_${i + 1}`, title })) }] };
  const parsed = interactiveMessage.safeParse(candidate);
  if (parsed.success) return { message: parsed.data };
  const issue = parsed.error.issues[0];
  return { error: issue.path[0] === "body" ? "Write the message the choices go with." : issue.message };
}

/** The composer's choices editor. */
export function InteractiveEditor({
  draft,
  onChange,
  error,
}: {
  draft: ChoiceDraft;
  onChange: (d: ChoiceDraft | null) => void;
  error: string | null;
}) {
  const max = draft.kind === "button" ? INTERACTIVE_LIMITS.buttons : INTERACTIVE_LIMITS.rows;
  const maxTitle = draft.kind === "button" ? INTERACTIVE_LIMITS.buttonTitle : INTERACTIVE_LIMITS.rowTitle;
  const set = (i: number, value: string) => onChange({ ...draft, options: draft.options.map((o, j) => (j === i ? value : o)) });
  return (
    <fieldset className="interactive-editor" data-testid="interactive-editor">
      <legend className="small">
        <strong>{draft.kind === "button" ? "Reply buttons" : "List"}</strong>
        <span className="muted">
          {" "}
          — up to {max}, {maxTitle} characters each; the text below is the message
        </span>
      </legend>
      {draft.kind === "list" ? (
        <Input
          id="interactive-list-button"
          aria-label="List button label"
          placeholder="Button label (opens the list)"
          value={draft.button}
          maxLength={INTERACTIVE_LIMITS.listButton}
          onChange={(e) => onChange({ ...draft, button: e.target.value })}
        />
      ) : null}
      {draft.options.map((o, i) => (
        <div className="row-wrap" key={i}>
          <Input
            id={`interactive-option-${i}`}
            aria-label={`${draft.kind === "button" ? "Button" : "Row"} ${i + 1}`}
            placeholder={draft.kind === "button" ? `Button ${i + 1}` : `Row ${i + 1}`}
            value={o}
            maxLength={maxTitle}
            onChange={(e) => set(i, e.target.value)}
          />
          {draft.options.length > 1 ? (
            <Button
              size="sm"
              aria-label={`Remove ${draft.kind === "button" ? "button" : "row"} ${i + 1}`}
              onClick={() => onChange({ ...draft, options: draft.options.filter((_, j) => j !== i) })}
            >
              ✕
            </Button>
          ) : null}
        </div>
      ))}
      <div className="row-wrap">
        {draft.options.length < max ? (
          <Button size="sm" onClick={() => onChange({ ...draft, options: [...draft.options, ""] })}>
            Add {draft.kind === "button" ? "a button" : "a row"}
          </Button>
        ) : null}
        <Button size="sm" onClick={() => onChange(null)}>
          Remove {draft.kind === "button" ? "buttons" : "list"}
        </Button>
      </div>
      {error ? (
        <div className="field-error" role="alert" data-testid="interactive-error">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
