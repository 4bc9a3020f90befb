import type { ReactNode, TextareaHTMLAttributes } from "react";
import { describedBy, Field } from "./field";

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label?: ReactNode; hint?: ReactNode; error?: string | null; mono?: boolean };

export function Textarea({ id, label, hint, error, mono, className, ...rest }: Props) {
  const area = <textarea className={["textarea", mono && "mono", className].filter(Boolean).join(" ")} {...describedBy(id, error, hint)} {...rest} />;
  if (label === undefined) return area;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {area}
    </Field>
  );
}
