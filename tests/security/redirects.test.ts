import type { ReactElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { SignInForm } from "@/components/auth/sign-in-form";
import { sameOriginPath } from "@/lib/shared/callback-url";
import { authOptions } from "@/lib/auth/options";
import { signInAs } from "@/tests/dashboard/harness";

// Issue 12 item 8: `callbackUrl=/\evil.example` passed the sign-in page's prefix check, and the
// browser, reading the backslash as a slash, left the site after signing in.
const ORIGIN = "https://convo.example";
const leaving = [
  "/\\evil.example",
  "/\\/evil.example",
  "//evil.example",
  "/\t/evil.example",
  "/.//evil.example/x",
  "https://evil.example/",
  "javascript:alert(1)",
  "\\\\evil.example",
];

describe("after sign-in, only this site's paths are followed", () => {
  // The sign-in page asks who is signed in: nobody.
  beforeAll(() => signInAs(null));

  it("sameOriginPath keeps paths and refuses everything a browser would take elsewhere", () => {
    for (const target of leaving) {
      const path = sameOriginPath(target, ORIGIN);
      expect(new URL(path, ORIGIN).origin, target).toBe(ORIGIN);
      expect(path.startsWith("//"), target).toBe(false);
    }
    expect(sameOriginPath("/\\evil.example", ORIGIN)).toBe("/");
    expect(sameOriginPath("/inbox?status=open#top", ORIGIN)).toBe("/inbox?status=open#top");
    expect(sameOriginPath(`${ORIGIN}/records/leads`, ORIGIN)).toBe("/records/leads");
    expect(sameOriginPath(undefined, ORIGIN)).toBe("/");
  });

  it("the sign-in page hands the form a same-origin path", async () => {
    const { default: SignInPage } = await import("@/app/(auth)/sign-in/page");
    const formProps = async (callbackUrl: string) => {
      const tree = (await SignInPage({ searchParams: Promise.resolve({ callbackUrl }) })) as ReactElement<{ children: ReactElement[] }>;
      const form = tree.props.children.find((c) => c?.type === SignInForm) as ReactElement<{ callbackUrl: string }>;
      return form.props.callbackUrl;
    };
    expect(await formProps("/\\evil.example")).toBe("/");
    expect(await formProps("/\t/evil.example")).toBe("/");
    expect(await formProps("/inbox")).toBe("/inbox");
  });

  it("next-auth's redirect callback stays on the site", async () => {
    const redirect = authOptions().callbacks?.redirect;
    expect(redirect).toBeDefined();
    const go = (url: string) => redirect?.({ url, baseUrl: ORIGIN }) as Promise<string>;
    for (const target of leaving) expect(new URL(await go(target)).origin, target).toBe(ORIGIN);
    expect(await go("/inbox")).toBe(`${ORIGIN}/inbox`);
    expect(await go(`${ORIGIN}/overview`)).toBe(`${ORIGIN}/overview`);
  });
});
