import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { sameOriginPath, siteOrigin } from "@/lib/shared/callback-url";
import { readSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const params = await searchParams;
  if (await readSession()) redirect("/");
  return (
    <>
      <h1>Sign in</h1>
      <p className="muted" style={{ marginTop: 0 }}>
        Run your assistant, answer customers and see what they booked.
      </p>
      <SignInForm
        callbackUrl={sameOriginPath(params.callbackUrl, siteOrigin())}
        notice={params.created ? "Your account was created: sign in to continue." : params.signedOut ? "You are signed out." : undefined}
      />
    </>
  );
}
