"use client";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { Button, Input } from "@/components/ui";

type Errors = Partial<Record<"name" | "password" | "confirm", string>>;

/** The invite page's form: name and password; next-auth's "invite" provider creates the account and signs in. */
export function AcceptInviteForm({ token, email }: { token: string; email: string }) {
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const problems: Errors = {};
    if (!name) problems.name = "Enter your name.";
    if (password.length < 8) problems.password = "The password needs at least 8 characters.";
    else if (password !== String(form.get("confirm") ?? "")) problems.confirm = "The two passwords differ.";
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const result = await signIn("invite", { token, name, password, redirect: false });
    if (!result || result.error) {
      setFormError(result?.error && result.error !== "CredentialsSignin" ? result.error : "Could not join the team. Try again.");
      setBusy(false);
      return;
    }
    window.location.assign("/inbox");
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      {formError ? (
        <div className="alert" role="alert">
          {formError}
        </div>
      ) : null}
      <Input id="invite-email" name="email" type="email" label="Email" value={email} readOnly autoComplete="username" />
      <Input id="invite-name" name="name" label="Your name" required autoFocus error={errors.name} autoComplete="name" />
      <Input
        id="invite-password"
        name="password"
        type="password"
        label="Password"
        required
        minLength={8}
        hint="At least 8 characters."
        error={errors.password}
        autoComplete="new-password"
      />
      <Input
        id="invite-confirm"
        name="confirm"
        type="password"
        label="Repeat the password"
        required
        error={errors.confirm}
        autoComplete="new-password"
      />
      <Button type="submit" variant="primary" block loading={busy}>
        Join the team
      </Button>
    </form>
  );
}
