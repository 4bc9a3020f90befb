import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { readSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Create your account" };

export default async function SignUpPage() {
  if (await readSession()) redirect("/");
  return (
    <>
      <h1>Create your business account</h1>
      <p className="muted" style={{ marginTop: 0 }}>
        You get an assistant set up for your business and a starting token grant. You can invite teammates later.
      </p>
      <SignUpForm />
    </>
  );
}
