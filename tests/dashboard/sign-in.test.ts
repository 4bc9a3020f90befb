import bcrypt from "bcryptjs";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { POST as signUpRoute } from "@/app/api/sign-up/route";
import { PEER_HEADER } from "@/lib/auth/client-address";
import { authOptions } from "@/lib/auth/options";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { rules } from "@/lib/auth/throttle";
import { createBusiness } from "@/lib/businesses/businesses";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { createUser, verifyCredentials } from "@/lib/users/users";
import { api } from "../helpers/api";
import { makeStaff, signInAs } from "./harness";

let n = 0;
const email = () => `person-${Date.now()}-${n++}@example.test`;
const address = () => `203.0.113.${(n++ % 250) + 1}`;

const signUp = (body: unknown, peer: string) =>
  signUpRoute(
    new Request("http://localhost/api/sign-up", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost", [PEER_HEADER]: peer },
      body: JSON.stringify(body),
    }),
  );

describe("sign-in does not tell which emails have accounts", () => {
  it("costs the same for an unknown email as for a known one with a wrong password", async () => {
    // The same work, checked by what is computed rather than by a stopwatch (a loaded machine makes
    // timings meaningless): one bcrypt hash either way, with a well-formed salt of the same cost. A
    // malformed placeholder (the original bug) makes bcrypt give up at once, which is the oracle.
    const staff = await makeStaff();
    const [stored] = await queryRows<{ password_hash: string }>(db(), sql`select password_hash from users where id = ${staff.userId}`);
    const hash = vi.spyOn(bcrypt, "hash");
    const compare = vi.spyOn(bcrypt, "compare");
    try {
      expect(await verifyCredentials(db(), staff.email, "wrong-password")).toBeNull();
      expect(hash).toHaveBeenCalledTimes(1);
      expect(hash.mock.calls[0][1]).toBe(stored.password_hash.slice(0, 29));
      hash.mockClear();
      expect(await verifyCredentials(db(), `nobody-${Date.now()}@example.test`, "wrong-password")).toBeNull();
      expect(hash).toHaveBeenCalledTimes(1);
      const placeholder = String(hash.mock.calls[0][1]);
      expect(placeholder).toMatch(/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{22}$/);
      expect(bcrypt.getRounds(placeholder)).toBe(bcrypt.getRounds(stored.password_hash));
      expect(compare).not.toHaveBeenCalled();
    } finally {
      hash.mockRestore();
      compare.mockRestore();
    }
    expect(await verifyCredentials(db(), staff.email, "password-123")).toMatchObject({ id: staff.userId });
  });

  it("does one bcrypt computation whether the email has no account, one, or accounts in other businesses (issue 34, item 6)", async () => {
    const one = await makeStaff();
    const many = await makeStaff();
    // Two more businesses add the email, as any business can by inviting it and accepting itself.
    for (const name of ["Other Co", "Third Co"]) {
      const { businessId } = await createBusiness(db(), { name });
      await createUser(db(), { businessId, email: many.email, password: `${name}-password`, role: "agent" });
    }
    const work = async (email: string, password: string) => {
      const hash = vi.spyOn(bcrypt, "hash");
      const compare = vi.spyOn(bcrypt, "compare");
      try {
        const user = await verifyCredentials(db(), email, password);
        return { computed: hash.mock.calls.length + compare.mock.calls.length, businessId: user?.businessId ?? null };
      } finally {
        hash.mockRestore();
        compare.mockRestore();
      }
    };
    expect(await work(`nobody-${Date.now()}@example.test`, "wrong-password")).toEqual({ computed: 1, businessId: null });
    expect(await work(one.email, "wrong-password")).toEqual({ computed: 1, businessId: null });
    expect(await work(many.email, "wrong-password")).toEqual({ computed: 1, businessId: null });
    // Each account still has its own password, reached with the same single computation.
    expect(await work(many.email, "password-123")).toEqual({ computed: 1, businessId: many.businessId });
    expect((await work(many.email, "Third Co-password")).computed).toBe(1);
    expect((await verifyCredentials(db(), many.email, "Third Co-password"))?.businessId).not.toBe(many.businessId);
  });

  it("moves an account with a salt of its own (made before salts were shared) onto its email's at its next sign-in", async () => {
    const staff = await makeStaff();
    const { businessId } = await createBusiness(db(), { name: "Legacy Co" });
    const legacy = await createUser(db(), { businessId, email: staff.email, password: "legacy-password", role: "agent" });
    await db().execute(sql`update users set password_hash = ${await bcrypt.hash("legacy-password", 10)} where id = ${legacy.id}`);
    expect((await verifyCredentials(db(), staff.email, "legacy-password"))?.id).toBe(legacy.id);
    const hashes = await queryRows<{ password_hash: string }>(db(), sql`select password_hash from users where email = ${staff.email}`);
    expect(new Set(hashes.map((h) => h.password_hash.slice(0, 29))).size).toBe(1);
    const hash = vi.spyOn(bcrypt, "hash");
    try {
      expect((await verifyCredentials(db(), staff.email, "legacy-password"))?.id).toBe(legacy.id);
      expect(hash).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
    }
  });

  it("signs up an email that has an account in another business like any other, each password reaching its own business", async () => {
    const taken = (await makeStaff()).email;
    const res = await signUp({ businessName: "Second Shop", name: "B", email: taken.toUpperCase(), password: "second-password" }, address());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect((await verifyCredentials(db(), taken, "password-123"))?.businessId).not.toBe(body.businessId);
    expect((await verifyCredentials(db(), taken, "second-password"))?.businessId).toBe(body.businessId);
    expect(await verifyCredentials(db(), taken, "neither-password")).toBeNull();
  });

  it("invites an email of another business like a new one; only this team's own emails are refused", async () => {
    const owner = await makeStaff();
    const elsewhere = await makeStaff();
    signInAs(owner);
    const headers = { cookie: "x", origin: "http://localhost" };
    const invite = (e: string) => api("POST", "/v1/internal/team/invites", { headers, body: { email: e, role: "agent" } });
    const foreign = await invite(elsewhere.email);
    expect(foreign.status).toBe(200);
    expect(foreign.body).toMatchObject({ email: elsewhere.email, role: "agent" });
    const mine = await invite(owner.email);
    expect(mine.status).toBe(409);
    expect(mine.body.error.message).toContain("already on this business's team");
  });
});

describe("the password hash's cost", () => {
  it("is 10 unless PASSWORD_HASH_COST names another from 4 to 15, and a hash keeps the cost it was made with", async () => {
    const { businessId } = await createBusiness(db(), { name: "Cost Co" });
    const was = process.env.PASSWORD_HASH_COST;
    const costOfNew = async (setting: string | undefined) => {
      if (setting === undefined) delete process.env.PASSWORD_HASH_COST;
      else process.env.PASSWORD_HASH_COST = setting;
      const user = await createUser(db(), { businessId, email: email(), password: "password-123", role: "agent" });
      const [row] = await queryRows<{ password_hash: string }>(db(), sql`select password_hash from users where id = ${user.id}`);
      return { cost: bcrypt.getRounds(row.password_hash), email: user.email };
    };
    try {
      expect((await costOfNew(undefined)).cost).toBe(10);
      expect((await costOfNew("5")).cost).toBe(5);
      // Out of range or not a whole number: the default, never a weaker hash.
      for (const bad of ["3", "16", "4.5", "ten", ""]) expect((await costOfNew(bad)).cost, bad).toBe(10);
      // A cost-10 account still signs in after the setting changes.
      process.env.PASSWORD_HASH_COST = "10";
      const old = await costOfNew("10");
      process.env.PASSWORD_HASH_COST = "4";
      expect(await verifyCredentials(db(), old.email, "password-123")).toMatchObject({ email: old.email });
    } finally {
      if (was === undefined) delete process.env.PASSWORD_HASH_COST;
      else process.env.PASSWORD_HASH_COST = was;
    }
  });
});

describe("password guessing is throttled per address and email, in the database", () => {
  it("delays one address guessing one email more and more, while the owner signs in from elsewhere", async () => {
    // Waits of a minute, then two: a loaded machine's bcrypt never outlasts them, and the test moves
    // the end of a wait into the past instead of sleeping through it (the rule's own 1 s, 2 s ... are
    // the same code with another base).
    const base = rules.signInPair.baseMs;
    rules.signInPair.baseMs = 60_000;
    onTestFinished(() => {
      rules.signInPair.baseMs = base;
    });
    const { email: owner } = await makeStaff();
    const attacker = address();
    const key = `sign-in:${attacker}:${owner}`;
    for (let i = 0; i < 5; i++) expect(await signInWithPassword(db(), { email: owner, password: `guess-${i}`, address: attacker })).toBeNull();
    // The sixth guess is not even checked: even the right password waits.
    const first = await signInWithPassword(db(), { email: owner, password: "password-123", address: attacker }).catch((e) => e);
    expect(first).toMatchObject({ code: "rate_limited" });
    expect(Number(first.headers["Retry-After"])).toBeGreaterThan(30);
    expect(Number(first.headers["Retry-After"])).toBeLessThanOrEqual(60);
    // The owner, from their own address, is not held back at all.
    expect(await signInWithPassword(db(), { email: owner.toUpperCase(), password: "password-123", address: address() })).toMatchObject({
      email: owner,
    });

    // The delay doubles with every further guess: once the first wait is over, the next guess is
    // checked, and the one after it waits twice as long.
    await db().execute(sql`update auth_throttle set blocked_until = now() - interval '1 second' where key = ${key}`);
    expect(await signInWithPassword(db(), { email: owner, password: "guess-6", address: attacker })).toBeNull();
    const refused = await signInWithPassword(db(), { email: owner, password: "guess-7", address: attacker }).catch((e) => e);
    expect(refused).toMatchObject({ code: "rate_limited" });
    expect(Number(refused.headers["Retry-After"])).toBeGreaterThan(60);
    expect(Number(refused.headers["Retry-After"])).toBeLessThanOrEqual(120);
    const [row] = await queryRows<{ count: number }>(db(), sql`select count from auth_throttle where key = ${key}`);
    expect(Number(row.count)).toBe(6);
  });

  it("slows one address spraying many emails; a right password takes back only its own attempt", async () => {
    const sprayer = address();
    // Each of the 20 tries below checks a bcrypt hash; on a loaded machine that can take longer than the
    // rule's first 1 s wait, which would then be over before the 21st try. A longer first wait keeps the
    // assertion about the count, not about the machine's speed.
    const base = rules.signInAddress.baseMs;
    rules.signInAddress.baseMs = 10 * 60_000;
    onTestFinished(() => {
      rules.signInAddress.baseMs = base;
    });
    for (let i = 0; i < 20; i++) await signInWithPassword(db(), { email: `spray-${i}-${email()}`, password: "password-1", address: sprayer });
    await expect(signInWithPassword(db(), { email: email(), password: "password-1", address: sprayer })).rejects.toMatchObject({
      code: "rate_limited",
    });

    const { email: user } = await makeStaff();
    const home = address();
    for (let i = 0; i < 4; i++) await signInWithPassword(db(), { email: user, password: "typo", address: home });
    expect(await signInWithPassword(db(), { email: user, password: "password-123", address: home })).not.toBeNull();
    const [row] = await queryRows<{ count: number; blocked_until: unknown }>(
      db(),
      sql`select count, blocked_until from auth_throttle where key = ${`sign-in:${home}:${user}`}`,
    );
    expect(row).toEqual({ count: 4, blocked_until: null });
  });

  it("does not let a success with one account of an email buy more guesses at another's (issue 34, item 6)", async () => {
    // B makes an account for A's owner's email; signing in to it between guesses used to wipe the count.
    const victim = await makeStaff();
    const { businessId } = await createBusiness(db(), { name: "Attacker Co" });
    await createUser(db(), { businessId, email: victim.email, password: "attacker-password", role: "agent" });
    const attacker = address();
    for (let i = 0; i < 4; i++) expect(await signInWithPassword(db(), { email: victim.email, password: `guess-${i}`, address: attacker })).toBeNull();
    expect(await signInWithPassword(db(), { email: victim.email, password: "attacker-password", address: attacker })).toMatchObject({ businessId });
    expect(await signInWithPassword(db(), { email: victim.email, password: "guess-4", address: attacker })).toBeNull();
    await expect(signInWithPassword(db(), { email: victim.email, password: "password-123", address: attacker })).rejects.toMatchObject({
      code: "rate_limited",
    });
  });

  it("reads the client address from next-auth's request headers (the peer, not a forged X-Forwarded-For)", async () => {
    const { email: owner } = await makeStaff();
    const provider = authOptions().providers[0] as unknown as {
      options: { authorize(c: Record<string, string>, req: { headers: Record<string, string> }): Promise<unknown> };
    };
    const attacker = address();
    for (let i = 0; i < 5; i++) {
      // A different forged X-Forwarded-For each time does not make a new address.
      await provider.options.authorize(
        { email: owner, password: "guess" },
        { headers: { [PEER_HEADER]: attacker, "x-forwarded-for": `198.51.100.${i}` } },
      );
    }
    await expect(
      provider.options.authorize(
        { email: owner, password: "password-123" },
        { headers: { [PEER_HEADER]: attacker, "x-forwarded-for": "198.51.100.99" } },
      ),
    ).rejects.toThrow(/Too many attempts/);
    expect(await provider.options.authorize({ email: owner, password: "password-123" }, { headers: { [PEER_HEADER]: address() } })).toMatchObject({
      email: owner,
    });
  });
});

describe("sign-up is throttled per client address", () => {
  const before = process.env.SIGN_UPS_PER_ADDRESS;
  afterAll(() => {
    process.env.SIGN_UPS_PER_ADDRESS = before;
  });

  it("lets a few sign-ups through, then answers 429 with Retry-After for that address only", async () => {
    process.env.SIGN_UPS_PER_ADDRESS = "2";
    const peer = address();
    const body = () => ({ businessName: "Farm", name: "F", email: email(), password: "long-enough" });
    expect((await signUp(body(), peer)).status).toBe(200);
    expect((await signUp(body(), peer)).status).toBe(200);
    const third = await signUp(body(), peer);
    expect(third.status).toBe(429);
    // The wait is a minute from the last sign-up let through: a loaded machine may answer a second or more into it.
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThanOrEqual(55);
    expect(Number(third.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect((await third.json()).error.code).toBe("rate_limited");
    expect((await signUp(body(), address())).status).toBe(200);
    // An invalid body costs nothing.
    expect((await signUp({ businessName: "" }, address())).status).toBe(400);
  });
});

describe("per-business emails", () => {
  it("refuses the same email twice in one business", async () => {
    const staff = await makeStaff();
    await expect(createUser(db(), { businessId: staff.businessId, email: staff.email, password: "password-123" })).rejects.toMatchObject({
      code: "conflict",
    });
  });
});
