import type { InputHTMLAttributes, ReactNode } from "react";
import { describedBy, Field } from "./field";

type Props = InputHTMLAttributes<HTMLInputElement> & { id: string; label?: ReactNode; hint?: ReactNode; error?: string | null };

/** A text input; with `label` it renders inside a Field. */
export function Input({ id, label, hint, error, className, ...rest }: Props) {
  const input = <input className={["input", className].filter(Boolean).join(" ")} {...describedBy(id, error, hint)} {...rest} />;
  // Without a label the error still shows, where aria-describedby points.
  if (label === undefined)
    return error ? (
      <>
        {input}
        <div className="field-error" id={`${id}-error`} role="alert">
          {error}
        </div>
      </>
    ) : (
      input
    );
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {input}
    </Field>
  );
}
