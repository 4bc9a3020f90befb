import "server-only";
import { componentLogger } from "../observability/log";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { contacts, conversations, mediaFiles, records } from "../db/schema";
import { queryRows } from "../db/rows";
import { notFound } from "../errors";
import { emitEvent } from "../events/emit";
import { storeFor } from "../media/store";
import { erasePersonalFields } from "./personal-fields";

export const eraseContactOut = z.object({
  id: z.string(),
  deleted: z.literal(true),
  erased: z
    .object({
      conversations: z.number().int(),
      messages: z.number().int(),
      mediaFiles: z.number().int(),
      records: z.number().int().describe("Records kept for statistics with their personal fields cleared."),
      events: z.number().int().describe("Webhook events (and their delivery log) that carried the contact's data."),
    })
    .describe("What the erasure removed or cleared."),
});
export type EraseContactOut = z.infer<typeof eraseContactOut>;

/**
 * A privacy request's erasure (DELETE /v1/contacts/{id}): the contact, their conversations with every
 * message, note, status line, read marker and skill session (the foreign keys cascade), their campaign
 * recipient rows and opt-out, the media files of their messages (bytes in storage too), the outbox
 * events and webhook delivery log that carried their data; their records stay with personal fields
 * cleared and no link back. Emits contact.deleted (no personal data in it). A second call finds no
 * contact: 404, like every DELETE of the API.
 */
export async function eraseContact(
  db: Db,
  businessId: string,
  contactId: string,
  /** Runs in the erasure's transaction once it is done (the audit entry), before the bytes in S3 go. */
  alongside?: (tx: Db, erased: EraseContactOut) => Promise<void>,
): Promise<EraseContactOut> {
  const afterCommit: (() => Promise<void>)[] = [];
  const result = await db.transaction(async (tx) => {
    const [contact] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.businessId, businessId), eq(contacts.id, contactId)))
      .for("update");
    if (!contact) throw notFound("contact");

    const convIds = (
      await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.businessId, businessId), eq(conversations.contactId, contactId)))
    ).map((c) => c.id);
    const [{ n: messageCount }] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from messages where business_id = ${businessId} and contact_id = ${contactId}`,
    );

    // Media of their messages that no other contact's message uses (a file sent to many stays), nor a
    // campaign that may still send it (its header file).
    const files = await queryRows<{ id: string; storage: "postgres" | "s3"; storage_key: string }>(
      tx,
      sql`select f.id, f.storage, f.storage_key from media_files f
          where f.business_id = ${businessId}
            and f.id in (select m.media->>'fileId' from messages m where m.business_id = ${businessId} and m.contact_id = ${contactId})
            and not exists (select 1 from messages o where o.business_id = ${businessId} and o.contact_id <> ${contactId} and o.media->>'fileId' = f.id)
            and not exists (select 1 from campaigns c where c.business_id = ${businessId} and c.status in ('scheduled', 'running', 'paused')
              and (c.components -> 'header' ->> 'fileId') = f.id)`,
    );
    if (files.length) {
      await tx.delete(mediaFiles).where(
        and(
          eq(mediaFiles.businessId, businessId),
          inArray(
            mediaFiles.id,
            files.map((f) => f.id),
          ),
        ),
      );
      for (const f of files) {
        // Bytes in Postgres go in this transaction; bytes in S3 once it has committed.
        if (f.storage === "postgres") await storeFor(tx, "postgres").delete(f.storage_key);
        else afterCommit.push(() => storeFor(tx, "s3").delete(f.storage_key));
      }
    }

    // Records stay, without what identifies the person.
    const recs = await tx
      .select()
      .from(records)
      .where(
        and(
          eq(records.businessId, businessId),
          convIds.length ? or(eq(records.contactId, contactId), inArray(records.conversationId, convIds)) : eq(records.contactId, contactId),
        ),
      );
    for (const r of recs) {
      const { fields } = erasePersonalFields(r.fields, contact);
      await tx.update(records).set({ fields, contactId: null, conversationId: null }).where(eq(records.id, r.id));
    }

    // Outbox events that carried their data (messages, records, contact events); their delivery log goes with them.
    const recordIds = recs.length
      ? sql` or payload->'record'->>'id' in (${sql.join(
          recs.map((r) => sql`${r.id}`),
          sql`, `,
        )})`
      : sql``;
    const eventRows = await queryRows<{ n: number }>(
      tx,
      sql`with gone as (
            delete from events where business_id = ${businessId} and (
              payload->>'contactId' = ${contactId} or payload->'contact'->>'id' = ${contactId}
              or payload->>'conversationId' in (select id from conversations where business_id = ${businessId} and contact_id = ${contactId})${recordIds}
            ) returning 1)
          select count(*)::int as n from gone`,
    );

    // Inbound parts kept as unusable (lib/channels/unusable.ts) that name them: WhatsApp's `from`,
    // `wa_id` or `recipient_id` are the bare digits of the phone; `user_id` the BSUID; the username.
    const needles = [contact.phone?.replace(/\D/g, ""), contact.waUserId, contact.username, contact.username?.slice(1)].filter((n): n is string =>
      Boolean(n),
    );
    for (const needle of needles) {
      await tx.execute(
        sql`delete from inbound_unusable where business_id = ${businessId} and raw::text like ${`%"${needle.replace(/[\\%_]/g, "\\$&")}"%`}`,
      );
    }

    // The contact; conversations, messages, skill sessions, notes, recipients and opt-outs cascade.
    await tx.delete(contacts).where(and(eq(contacts.businessId, businessId), eq(contacts.id, contactId)));

    const erased = {
      conversations: convIds.length,
      messages: Number(messageCount),
      mediaFiles: files.length,
      records: recs.length,
      events: Number(eventRows[0]?.n ?? 0),
    };
    await emitEvent(tx, businessId, "contact.deleted", { contactId, erased });
    const out = { id: contactId, deleted: true as const, erased };
    await alongside?.(tx, out);
    return out;
  });
  for (const run of afterCommit) {
    try {
      await run();
    } catch (err) {
      // The row is gone, so nothing can serve the bytes; an operator can clear the object later.
      componentLogger("privacy").error({ businessId, err }, "could not delete a media object from S3 after an erasure");
    }
  }
  return result;
}
