import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "@/lib/admin/commands";
import { createBusiness, getBusiness } from "@/lib/businesses/businesses";
import { whatsAppConnection } from "@/lib/channels/whatsapp/connection";
import { encryptSecret } from "@/lib/crypto/secrets";
import { db } from "@/lib/db/client";
import { businesses, webhookEndpoints } from "@/lib/db/schema";
import { createEndpoint, endpointSecret, findEndpoint } from "@/lib/webhooks/endpoints";

// The rotation runs the admin command in this process, as the CLI (or the server behind its socket) does.
const original = process.env.ENCRYPTION_KEY as string;
const newKey = randomBytes(32).toString("base64");

afterAll(async () => {
  // Every secret of this worker's database back under the key the other test files use.
  process.env.ENCRYPTION_KEY = original;
  process.env.ENCRYPTION_KEY_PREVIOUS = newKey;
  await runAdminCommand("rotate-encryption-key", {});
  delete process.env.ENCRYPTION_KEY_PREVIOUS;
});

describe("rotate-encryption-key", () => {
  it("re-encrypts every stored secret under the new key; afterwards the old key is no longer needed", async () => {
    const { businessId } = await createBusiness(db(), { name: "Rotating Co" });
    await db()
      .update(businesses)
      .set({ whatsappPhoneNumberId: `9${Date.now()}`, whatsappAccessTokenEnc: encryptSecret("EAAG-rotate-me") })
      .where(eq(businesses.id, businessId));
    const endpoint = await createEndpoint(db(), businessId, { url: "https://hooks.example.com/rotate", events: ["*"] });
    const sealedBefore = (await findEndpoint(db(), businessId, endpoint.id)).secretEnc;

    // The new key in place, the old one as ENCRYPTION_KEY_PREVIOUS: secrets still open while the rotation is pending.
    process.env.ENCRYPTION_KEY = newKey;
    process.env.ENCRYPTION_KEY_PREVIOUS = original;
    expect(endpointSecret(await findEndpoint(db(), businessId, endpoint.id))).toBe(endpoint.secret);
    expect(whatsAppConnection(await getBusiness(db(), businessId))?.accessToken).toBe("EAAG-rotate-me");

    const report = (await runAdminCommand("rotate-encryption-key", {})) as { rotated: Record<string, number>; alreadyCurrent: number };
    expect(report.rotated["webhook_endpoints.secret_enc"]).toBeGreaterThanOrEqual(1);
    expect(report.rotated["businesses.whatsapp_access_token_enc"]).toBeGreaterThanOrEqual(1);

    // Without the old key: everything opens with the new one alone, and the stored values changed.
    delete process.env.ENCRYPTION_KEY_PREVIOUS;
    const after = await findEndpoint(db(), businessId, endpoint.id);
    expect(after.secretEnc).not.toBe(sealedBefore);
    expect(endpointSecret(after)).toBe(endpoint.secret);
    expect(whatsAppConnection(await getBusiness(db(), businessId))?.accessToken).toBe("EAAG-rotate-me");
    // And the old key alone no longer opens them.
    process.env.ENCRYPTION_KEY = original;
    expect(() => endpointSecret(after)).toThrow();
    process.env.ENCRYPTION_KEY = newKey;

    // A second run finds nothing left to rotate.
    process.env.ENCRYPTION_KEY_PREVIOUS = original;
    const second = (await runAdminCommand("rotate-encryption-key", {})) as typeof report;
    expect(Object.values(second.rotated).every((n) => n === 0)).toBe(true);
    expect(second.alreadyCurrent).toBeGreaterThanOrEqual(2);
  });

  it("changes nothing when a secret opens with neither key, and needs ENCRYPTION_KEY_PREVIOUS", async () => {
    const { businessId } = await createBusiness(db(), { name: "Stray Co" });
    process.env.ENCRYPTION_KEY = newKey;
    process.env.ENCRYPTION_KEY_PREVIOUS = original;
    const endpoint = await createEndpoint(db(), businessId, { url: "https://hooks.example.com/stray", events: ["*"] });
    // A secret sealed under a third key, then one sealed with the previous key that should wait for the rotation.
    process.env.ENCRYPTION_KEY = randomBytes(32).toString("base64");
    const stray = encryptSecret("lost");
    process.env.ENCRYPTION_KEY = original;
    const pending = encryptSecret("EAAG-pending");
    process.env.ENCRYPTION_KEY = newKey;
    await db().update(webhookEndpoints).set({ secretEnc: stray }).where(eq(webhookEndpoints.id, endpoint.id));
    await db()
      .update(businesses)
      .set({ whatsappPhoneNumberId: `8${Date.now()}`, whatsappAccessTokenEnc: pending })
      .where(eq(businesses.id, businessId));

    await expect(runAdminCommand("rotate-encryption-key", {})).rejects.toThrow(/opens 1 secret/);
    expect((await getBusiness(db(), businessId)).whatsappAccessTokenEnc).toBe(pending);
    // The stray one removed, the rotation goes through.
    await db().delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    await runAdminCommand("rotate-encryption-key", {});
    expect((await getBusiness(db(), businessId)).whatsappAccessTokenEnc).not.toBe(pending);

    delete process.env.ENCRYPTION_KEY_PREVIOUS;
    await expect(runAdminCommand("rotate-encryption-key", {})).rejects.toThrow(/ENCRYPTION_KEY_PREVIOUS/);
  });
});
