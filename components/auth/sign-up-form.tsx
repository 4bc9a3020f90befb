"use client";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";
import { type FormEvent, useEffect, useState } from "react";
import { browserTimeZone, timeZoneOptions, type Weekly, WeeklyHoursFields } from "@/components/business-hours/weekly-hours-fields";
import { Button, Input, Select } from "@/components/ui";
import { clinicHours, kitHours } from "@/lib/shared/starter-kit-hours";
import "./sign-up.css";

type Errors = Record<string, string>;

type Kind = keyof typeof kitHours;
const kinds: Array<{ value: Kind; label: string; hint: string }> = [
  { value: "restaurant", label: "Restaurant", hint: "table bookings, orders from a sample menu" },
  { value: "salon_or_clinic", label: "Salon or clinic", hint: "appointments, sample services and staff" },
  { value: "shop", label: "Shop", hint: "orders from sample products" },
  { value: "other", label: "Other", hint: "questions and contact requests" },
];
const languages = [
  { value: "en", label: "English" },
  { value: "es", label: "Español" },
  { value: "pt", label: "Português" },
];

/**
 * Creates a business and its owner, then signs the owner in. The questions about the business (its
 * kind, languages, time zone, opening hours, address) set up a working assistant at once: the kind's
 * starter kit (docs/starter-kits.md), whose hours fill the hours fields when the kind is picked.
 */
export function SignUpForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [kind, setKind] = useState<Kind | null>(null);
  const [hours, setHours] = useState<Weekly>(kitHours.other);
  // Remounts the hours fields with a preset (the kind's hours, or a clinic's).
  const [hoursPreset, setHoursPreset] = useState<{ key: string; weekly: Weekly }>({ key: "other", weekly: kitHours.other });
  const applyHours = (key: string, weekly: Weekly) => {
    setHoursPreset({ key, weekly });
    setHours(weekly);
  };
  const [zones, setZones] = useState<string[]>(["UTC"]);
  const [timeZone, setTimeZone] = useState("UTC");
  // The browser's zone and list are read after hydration (the server renders UTC).
  useEffect(() => {
    setZones(timeZoneOptions());
    setTimeZone(browserTimeZone());
  }, []);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const input = {
      businessName: String(form.get("businessName") ?? ""),
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      onboarding: {
        kind: String(form.get("kind") ?? ""),
        languages: form.getAll("languages").map(String),
        timeZone,
        hours,
        address: String(form.get("address") ?? "").trim() || undefined,
      },
    };
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      await apiFetch("/api/sign-up", { body: input });
    } catch (err) {
      if (err instanceof DashboardError && err.details?.length) {
        setErrors(Object.fromEntries(err.details.map((d) => [d.path.replace(/^onboarding\./, "").replace(/\[\d+\]$/, ""), d.message])));
      } else setFormError(errorMessage(err));
      setBusy(false);
      return;
    }
    const result = await signIn("credentials", { email: input.email, password: input.password, redirect: false });
    if (!result || result.error) {
      window.location.assign("/sign-in?created=1");
      return;
    }
    window.location.assign("/overview");
  }

  return (
    <form className="stack sign-up-form" onSubmit={onSubmit}>
      {formError ? (
        <div className="alert" role="alert">
          {formError}
        </div>
      ) : null}
      <Input id="businessName" name="businessName" label="Business name" required autoFocus error={errors.businessName} autoComplete="organization" />
      <Input id="name" name="name" label="Your name" required error={errors.name} autoComplete="name" />
      <Input id="email" name="email" type="email" label="Email" required error={errors.email} autoComplete="email" />
      <Input
        id="password"
        name="password"
        type="password"
        label="Password"
        required
        minLength={8}
        hint="At least 8 characters."
        error={errors.password}
        autoComplete="new-password"
      />

      <h2 className="sign-up-section">About your business</h2>
      <fieldset className="sign-up-choices" aria-describedby={errors.kind ? "kind-error" : undefined}>
        <legend className="field-label">What kind of business is it?</legend>
        {kinds.map((k) => (
          <label key={k.value} className="sign-up-choice">
            <input
              type="radio"
              name="kind"
              value={k.value}
              required
              onChange={() => {
                setKind(k.value);
                applyHours(k.value, kitHours[k.value]);
              }}
            />
            <span>
              {k.label} <span className="muted small">({k.hint})</span>
            </span>
          </label>
        ))}
        {errors.kind ? (
          <div className="field-error" id="kind-error" role="alert">
            {errors.kind}
          </div>
        ) : null}
      </fieldset>
      <fieldset className="sign-up-choices sign-up-inline">
        <legend className="field-label">Which languages do your customers write in?</legend>
        {languages.map((l) => (
          <label key={l.value} className="sign-up-choice">
            <input type="checkbox" name="languages" value={l.value} defaultChecked={l.value === "en"} />
            <span>{l.label}</span>
          </label>
        ))}
        {errors.languages ? (
          <div className="field-error" role="alert">
            {errors.languages}
          </div>
        ) : null}
      </fieldset>
      <Select
        id="timeZone"
        label="Time zone"
        value={timeZone}
        onChange={(e) => setTimeZone(e.target.value)}
        options={zones.map((z) => ({ value: z, label: z.replace(/_/g, " ") }))}
        error={errors.timeZone}
      />
      <fieldset className="sign-up-choices">
        <legend className="field-label">Opening hours</legend>
        <div className="field-hint">
          Ranges like 09:00-13:00, 15:00-19:00. Leave a day empty when closed. You can add holidays later.
          {kind ? " Filled in with the usual hours for your kind of business." : null}
        </div>
        {kind === "salon_or_clinic" ? (
          <div className="row-wrap" style={{ gap: 8 }}>
            <Button type="button" size="sm" variant="ghost" onClick={() => applyHours("salon", kitHours.salon_or_clinic)}>
              Salon hours (Tue-Sat)
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => applyHours("clinic", clinicHours)}>
              Clinic hours (weekdays, lunch break)
            </Button>
          </div>
        ) : null}
        <WeeklyHoursFields
          key={hoursPreset.key}
          idPrefix="signup-hours"
          initial={hoursPreset.weekly}
          onChange={setHours}
          errorFor={(day) => errors[`hours.${day}`]}
        />
      </fieldset>
      <Input
        id="address"
        name="address"
        label="Address"
        hint="Optional: the assistant tells customers where to find you."
        error={errors.address}
        autoComplete="street-address"
      />
      <Button type="submit" variant="primary" block loading={busy}>
        Create account
      </Button>
      <div className="muted small">
        Already have an account? <Link href="/sign-in">Sign in</Link>
      </div>
    </form>
  );
}
