import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as channel from "@/app/v1/internal/channel/route";
import { runAdminCommand } from "@/lib/admin/commands";
import type { DashboardSession } from "@/lib/auth/session";
import { createBusiness, getBusiness } from "@/lib/businesses/businesses";
import { db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { type FakeGraph, startFakeGraph } from "../fakes/graph-server";
import { call, makeStaff, signInAs } from "./harness";

// A business may save a WhatsApp number only with a token Meta accepts for that number
// (GET /{phone-number-id} answers with that id); otherwise it could take another business's customers.

const numberId = () => `1${String(randomInt(0, 1e9)).padStart(9, "0")}${randomInt(10_000, 99_999)}`;
const victimNumber = numberId();
const otherNumber = numberId();
const tokens = { [victimNumber]: "EAAG-victim-token", [otherNumber]: "EAAG-other-token" };
let fake: FakeGraph;
let victim: DashboardSession;
let claimant: DashboardSession;
const previousGraphUrl = process.env.WHATSAPP_GRAPH_URL;

beforeAll(async () => {
  fake = await startFakeGraph({ accessTokens: tokens });
  process.env.WHATSAPP_GRAPH_URL = fake.url;
  victim = await makeStaff();
  claimant = await makeStaff();
});

afterAll(async () => {
  process.env.WHATSAPP_GRAPH_URL = previousGraphUrl;
  await fake.close();
});

const put = (body: unknown) => call(channel.PUT, "PUT", "/v1/internal/channel", { body });

describe("saving the WhatsApp channel", () => {
  it("refuses a number without a token, or with a token Meta does not accept for it, and saves nothing", async () => {
    signInAs(claimant);
    const bare = await put({ phoneNumberId: victimNumber });
    expect(bare.status).toBe(400);
    expect(bare.body.error.details).toEqual([expect.objectContaining({ path: "accessToken" })]);

    // A real token, but for another number: Meta answers "does not exist ... missing permissions".
    const borrowed = await put({ phoneNumberId: victimNumber, accessToken: tokens[otherNumber] });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.error.details[0].message).toContain(victimNumber);

    const made = await put({ phoneNumberId: victimNumber, accessToken: "EAAG-made-up" });
    expect(made.status).toBe(400);
    const stored = await getBusiness(db(), claimant.businessId);
    expect(stored.whatsappPhoneNumberId).toBeNull();
    expect(stored.whatsappAccessTokenEnc).toBeNull();
  });

  it("saves a number whose token Meta confirms, and re-saves it without the token only for the same number", async () => {
    signInAs(victim);
    const saved = await put({ phoneNumberId: victimNumber, accessToken: tokens[victimNumber], displayNumber: "+1 555 0100" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ channel: "whatsapp", phoneNumberId: victimNumber, accessTokenSet: true });

    const relabel = await put({ phoneNumberId: victimNumber, displayNumber: "+1 555 0199" });
    expect(relabel.status).toBe(200);
    expect(relabel.body.displayNumber).toBe("+1 555 0199");

    // The stored token does not carry over to a different number.
    const switched = await put({ phoneNumberId: otherNumber });
    expect(switched.status).toBe(400);
    expect((await getBusiness(db(), victim.businessId)).whatsappPhoneNumberId).toBe(victimNumber);
  });

  it("answers 409 when the verified number is already another business's", async () => {
    signInAs(claimant);
    const res = await put({ phoneNumberId: victimNumber, accessToken: tokens[victimNumber] });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
    expect(res.body.error.message).toMatch(/already connected to another business/);
    expect((await getBusiness(db(), claimant.businessId)).whatsappPhoneNumberId).toBeNull();
  });

  it("holds for the admin commands too", async () => {
    const { businessId } = await createBusiness(db(), { name: "Admin Claim" });
    await expect(runAdminCommand("set-whatsapp", { business: businessId, "phone-number-id": victimNumber })).rejects.toMatchObject({
      code: "invalid_request",
    });
    await expect(
      runAdminCommand("create-business", { name: "Claimer", "whatsapp-phone-number-id": victimNumber, "whatsapp-access-token": "EAAG-made-up" }),
    ).rejects.toMatchObject({ code: "invalid_request" });
    await expect(
      runAdminCommand("set-whatsapp", { business: businessId, "phone-number-id": victimNumber, "access-token": tokens[victimNumber] }),
    ).rejects.toMatchObject({ code: "conflict" });
    const ok = await runAdminCommand("set-whatsapp", { business: businessId, "phone-number-id": otherNumber, "access-token": tokens[otherNumber] });
    expect(ok).toEqual({ businessId, phoneNumberId: otherNumber });
  });
});

describe("isUniqueViolation", () => {
  it("recognises this driver's unique violation (wrapped by drizzle) and nothing else", async () => {
    const staff = await makeStaff();
    const duplicate = db()
      .insert(users)
      .values({ id: `usr_dup_${Date.now()}`, businessId: staff.businessId, email: staff.email, passwordHash: "x" });
    const err = await duplicate.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation({ cause: { code: "23505" } })).toBe(true);
    expect(isUniqueViolation({ code: "23505" })).toBe(true);
    expect(isUniqueViolation(new Error("duplicate key value violates unique constraint"))).toBe(false);
    expect(isUniqueViolation({ code: "23503" })).toBe(false);
  });
});
