import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { businesses, staffCalendars, webhookEndpoints } from "../db/schema";
import { decryptSecret, encryptSecret, sealedWith } from "./secrets";

// Every column holding a secret sealed with ENCRYPTION_KEY. A new encrypted column is added here too.
const sealedColumns = [
  {
    name: "businesses.whatsapp_access_token_enc",
    table: businesses,
    id: businesses.id,
    column: businesses.whatsappAccessTokenEnc,
    write: (tx: Db, id: string, from: string, to: string) =>
      tx
        .update(businesses)
        .set({ whatsappAccessTokenEnc: to })
        .where(and(eq(businesses.id, id), eq(businesses.whatsappAccessTokenEnc, from))),
  },
  {
    name: "webhook_endpoints.secret_enc",
    table: webhookEndpoints,
    id: webhookEndpoints.id,
    column: webhookEndpoints.secretEnc,
    write: (tx: Db, id: string, from: string, to: string) =>
      tx
        .update(webhookEndpoints)
        .set({ secretEnc: to })
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.secretEnc, from))),
  },
  {
    name: "staff_calendars.feed_token_enc",
    table: staffCalendars,
    id: staffCalendars.staffId,
    column: staffCalendars.feedTokenEnc,
    write: (tx: Db, id: string, from: string, to: string) =>
      tx
        .update(staffCalendars)
        .set({ feedTokenEnc: to })
        .where(and(eq(staffCalendars.staffId, id), eq(staffCalendars.feedTokenEnc, from))),
  },
] as const;

export type RotationReport = { rotated: Record<string, number>; alreadyCurrent: number };

/**
 * Re-encrypts every stored secret sealed with ENCRYPTION_KEY_PREVIOUS under ENCRYPTION_KEY, in one
 * transaction. A secret neither key opens stops the rotation before anything is written (nothing is
 * half rotated). Running it again finds everything current and changes nothing.
 */
export async function rotateEncryptionKey(db: Db): Promise<RotationReport> {
  if (!process.env.ENCRYPTION_KEY_PREVIOUS) {
    throw new Error("Set ENCRYPTION_KEY_PREVIOUS to the old key and ENCRYPTION_KEY to the new one, then run the rotation.");
  }
  if (process.env.ENCRYPTION_KEY_PREVIOUS === process.env.ENCRYPTION_KEY) throw new Error("ENCRYPTION_KEY_PREVIOUS equals ENCRYPTION_KEY.");
  return db.transaction(async (tx) => {
    const report: RotationReport = { rotated: {}, alreadyCurrent: 0 };
    const unreadable: string[] = [];
    for (const c of sealedColumns) {
      report.rotated[c.name] = 0;
      const rows = await tx.select({ id: c.id, sealed: c.column }).from(c.table).where(isNotNull(c.column)).for("update");
      for (const row of rows) {
        const sealed = row.sealed as string;
        const by = sealedWith(sealed);
        if (by === "current") report.alreadyCurrent++;
        else if (by === null) unreadable.push(`${c.name} of ${row.id}`);
        else {
          await c.write(tx, row.id, sealed, encryptSecret(decryptSecret(sealed)));
          report.rotated[c.name]++;
        }
      }
    }
    if (unreadable.length) {
      throw new Error(
        `Neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS opens ${unreadable.length} secret(s) (${unreadable.slice(0, 5).join(", ")}): nothing was changed.`,
      );
    }
    return report;
  });
}
