"use client";
import { useState } from "react";
import "./business-hours.css";

export const weekdayKeys = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekly = Partial<Record<(typeof weekdayKeys)[number], string[]>>;
const dayLabels = { mon: "Monday", tue: "Tuesday", wed: "Wednesday", thu: "Thursday", fri: "Friday", sat: "Saturday", sun: "Sunday" };

export const toText = (ranges: string[] | undefined) => (ranges ?? []).join(", ");
export const toRanges = (text: string) =>
  text
    .split(",")
    .map((r) => r.trim().replace(/\s*-\s*/, "-"))
    .filter(Boolean);

/** The weekly hours as one text box per weekday ("09:00-13:00, 15:00-19:00"; empty = closed). */
export function WeeklyHoursFields({
  idPrefix,
  initial,
  onChange,
  errorFor,
  placeholder = "closed",
}: {
  idPrefix: string;
  initial: Weekly;
  onChange: (weekly: Weekly) => void;
  errorFor: (day: string) => string | undefined;
  /** What an empty day means ("closed" for business hours). */
  placeholder?: string;
}) {
  const [text, setText] = useState<Record<string, string>>(() => Object.fromEntries(weekdayKeys.map((d) => [d, toText(initial[d])])));
  const change = (day: string, value: string) => {
    const next = { ...text, [day]: value };
    setText(next);
    onChange(Object.fromEntries(weekdayKeys.map((d) => [d, toRanges(next[d])]).filter(([, r]) => r.length > 0)) as Weekly);
  };
  return (
    <div className="weekly-hours">
      {weekdayKeys.map((day) => {
        const error = errorFor(day);
        const id = `${idPrefix}-${day}`;
        return (
          <div key={day} className="weekly-hours-row">
            <label htmlFor={id}>{dayLabels[day]}</label>
            <input
              id={id}
              className="input"
              value={text[day]}
              placeholder={placeholder}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => change(day, e.target.value)}
            />
            {error ? (
              <div className="field-error weekly-hours-error" id={`${id}-error`} role="alert">
                {error}
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

/** Every IANA time zone the browser knows (the server checks it again). */
export function timeZoneOptions(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  const zones = intl.supportedValuesOf?.("timeZone") ?? [];
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
