"use client";
import "./common.css";

/** An on/off switch: a native checkbox with role="switch", so it is keyboard- and screen-reader-friendly. */
export function Switch({
  checked,
  onChange,
  label,
  showLabel = false,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  showLabel?: boolean;
  disabled?: boolean;
}) {
  return (
    <label className="switch">
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        disabled={disabled}
        aria-label={showLabel ? undefined : label}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="switch-track" aria-hidden="true" />
      {showLabel ? <span>{label}</span> : null}
    </label>
  );
}
