import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/sign-up/route";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { verifyCredentials } from "@/lib/users/users";
import { getWallet } from "@/lib/wallet/wallet";

const signUp = (body: unknown, headers: Record<string, string> = { origin: "http://localhost" }) =>
  POST(
    new Request("http://localhost/api/sign-up", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
  );

const businessCount = async () => Number((await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from businesses`))[0].n);

describe("POST /api/sign-up", () => {
  it("creates a business with its assistant, a token grant and an owner who can sign in", async () => {
    const email = `owner-${Date.now()}@example.test`;
    const res = await signUp({ businessName: "Bistro", name: "Olive", email, password: "long-enough" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.businessId).toMatch(/^biz_/);
    const user = await verifyCredentials(db(), email, "long-enough");
    expect(user).toMatchObject({ role: "owner", businessId: body.businessId, name: "Olive" });
    expect((await getWallet(db(), body.businessId)).balanceTokens).toBeGreaterThan(0);
  });

  it("answers an email that has an account elsewhere exactly like a new one (it never confirms the account)", async () => {
    const email = `taken-${Date.now()}@example.test`;
    const first = await signUp({ businessName: "First", name: "A", email, password: "long-enough" });
    expect(first.status).toBe(200);
    const before = await businessCount();
    const res = await signUp({ businessName: "Second", name: "B", email: email.toUpperCase(), password: "other-password" });
    expect(res.status).toBe(200);
    const [a, b] = [await first.json(), await res.json()];
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(b.businessId).not.toBe(a.businessId);
    expect(await businessCount()).toBe(before + 1);
  });

  it("validates every field and refuses cross-site posts", async () => {
    const res = await signUp({ businessName: "", name: "", email: "nope", password: "short" });
    expect(res.status).toBe(400);
    const paths = (await res.json()).error.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(["businessName", "email", "name", "password"]);
    const cross = await signUp(
      { businessName: "X", name: "Y", email: "x@example.test", password: "long-enough" },
      { origin: "https://evil.example" },
    );
    expect(cross.status).toBe(403);
  });
});
