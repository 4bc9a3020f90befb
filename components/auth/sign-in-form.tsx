"use client";
import Link from "next/link";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { Button, Input } from "@/components/ui";
import { sameOriginPath } from "@/lib/shared/callback-url";

/** Email and password through next-auth's credentials provider (its own CSRF token included). */
export function SignInForm({ callbackUrl, notice }: { callbackUrl: string; notice?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const result = await signIn("credentials", { email: String(form.get("email")), password: String(form.get("password")), redirect: false });
      if (!result || result.error) {
        // A throttled attempt comes back with the server's "Too many attempts: wait ..." message.
        setError(result?.error?.startsWith("Too many attempts") ? result.error : "Wrong email or password.");
        setBusy(false);
        return;
      }
      // A full navigation so the server renders the dashboard with the new session cookie.
      window.location.assign(sameOriginPath(callbackUrl, window.location.origin));
    } catch {
      setError("Could not reach the server. Try again.");
      setBusy(false);
    }
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate={false}>
      {notice ? <div className="alert alert-info">{notice}</div> : null}
      {error ? (
        <div className="alert" role="alert">
          {error}
        </div>
      ) : null}
      <Input id="email" name="email" type="email" label="Email" autoComplete="email" required autoFocus />
      <Input id="password" name="password" type="password" label="Password" autoComplete="current-password" required />
      <Button type="submit" variant="primary" block loading={busy}>
        Sign in
      </Button>
      <div className="muted small">
        New here? <Link href="/sign-up">Create a business account</Link>
      </div>
    </form>
  );
}
