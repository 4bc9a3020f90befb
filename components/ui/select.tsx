import type { ReactNode, SelectHTMLAttributes } from "react";
import { describedBy, Field } from "./field";

export type SelectOption = { value: string; label: string; disabled?: boolean };
type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & {
  id: string;
  options: SelectOption[];
  label?: ReactNode;
  hint?: ReactNode;
  error?: string | null;
};

/** A native select: keyboard and screen-reader behaviour for free. */
export function Select({ id, options, label, hint, error, className, ...rest }: Props) {
  const select = (
    <select className={["select", className].filter(Boolean).join(" ")} {...describedBy(id, error, hint)} {...rest}>
      {options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </select>
  );
  if (label === undefined) return select;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {select}
    </Field>
  );
}
