import { describe, expect, it } from "vitest";
import { signInPathFor } from "@/lib/auth/dashboard-path";

describe("where a signed-out visitor of a dashboard page is sent", () => {
  it("to sign in, then back to the page (with its query)", () => {
    expect(signInPathFor("/simulator")).toBe("/sign-in?callbackUrl=%2Fsimulator");
    expect(signInPathFor("/simulator?skill=sk_booking")).toBe("/sign-in?callbackUrl=%2Fsimulator%3Fskill%3Dsk_booking");
  });

  it("to the plain sign-in page when the path is unknown or not a path of this site", () => {
    expect(signInPathFor(null)).toBe("/sign-in");
    expect(signInPathFor("")).toBe("/sign-in");
    expect(signInPathFor("//evil.example/x")).toBe("/sign-in");
    expect(signInPathFor("https://evil.example/")).toBe("/sign-in");
  });
});
