"use client";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { Button, Input } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/lib/dashboard/fetcher";

type Errors = Partial<Record<"businessName" | "name" | "email" | "password", string>>;

/** Creates a business and its owner, then signs the owner in. */
export function SignUpForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const input = {
      businessName: String(form.get("businessName") ?? ""),
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    };
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      await apiFetch("/api/sign-up", { body: input });
    } catch (err) {
      if (err instanceof DashboardError && err.details?.length) {
        setErrors(Object.fromEntries(err.details.map((d) => [d.path, d.message])) as Errors);
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
    <form className="stack" onSubmit={onSubmit}>
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
      <Button type="submit" variant="primary" block loading={busy}>
        Create account
      </Button>
      <div className="muted small">
        Already have an account? <Link href="/sign-in">Sign in</Link>
      </div>
    </form>
  );
}
