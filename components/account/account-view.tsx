"use client";
import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { Button, Card, Input, PageHeader, useToast } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage, whileSigningInAgain } from "@/components/data/fetcher";

type Fields = "currentPassword" | "newPassword" | "confirm";

export function AccountView({ email, name, role }: { email: string; name: string | null; role: string }) {
  return (
    <>
      <PageHeader title="Your account" description={`${name ?? email} · ${email} · ${role}`} />
      <ChangePassword email={email} />
    </>
  );
}

/**
 * A password change ends every session of the user, this one included (the server bumps the session
 * version); the form then signs in again with the new password so this browser stays signed in.
 */
function ChangePassword({ email }: { email: string }) {
  const toast = useToast();
  const [errors, setErrors] = useState<Partial<Record<Fields | "form", string>>>({});
  const change = useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      whileSigningInAgain(async () => {
        await apiFetch("/v1/internal/account/password", { body: input });
        const again = await signIn("credentials", { email, password: input.newPassword, redirect: false });
        return !!again && !again.error;
      }),
    onSuccess: (signedIn) => {
      if (!signedIn) {
        window.location.assign("/sign-in");
        return;
      }
      setErrors({});
      (document.getElementById("password-form") as HTMLFormElement | null)?.reset();
      toast.success("Password changed. Every other session of yours has been signed out.");
    },
    onError: (err) => {
      if (err instanceof DashboardError && err.details?.length) setErrors(Object.fromEntries(err.details.map((d) => [d.path, d.message])));
      else setErrors({ form: errorMessage(err) });
    },
  });
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const input = { currentPassword: String(form.get("currentPassword") ?? ""), newPassword: String(form.get("newPassword") ?? "") };
    const problems: typeof errors = {};
    if (!input.currentPassword) problems.currentPassword = "Enter your current password.";
    if (input.newPassword.length < 8) problems.newPassword = "The new password needs at least 8 characters.";
    else if (input.newPassword !== form.get("confirm")) problems.confirm = "The two new passwords differ.";
    setErrors(problems);
    if (!Object.keys(problems).length) change.mutate(input);
  }
  return (
    <Card title="Change password">
      <form className="stack" id="password-form" onSubmit={onSubmit} noValidate style={{ maxWidth: 420 }}>
        {errors.form ? (
          <div className="alert" role="alert">
            {errors.form}
          </div>
        ) : null}
        <Input
          id="current-password"
          name="currentPassword"
          type="password"
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <Input
          id="new-password"
          name="newPassword"
          type="password"
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters. Every other session of yours is signed out."
          error={errors.newPassword}
        />
        <Input
          id="confirm-password"
          name="confirm"
          type="password"
          label="Repeat the new password"
          autoComplete="new-password"
          error={errors.confirm}
        />
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button type="submit" variant="primary" loading={change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}
