import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { adminCommands } from "../../lib/admin/commands";
import { processInboundWebhook } from "../../lib/channels/whatsapp/inbound";
import { db } from "../../lib/db/client";
import { businesses, inboundUnusable } from "../../lib/db/schema";
import { metrics } from "../../lib/observability/metrics";
import { eraseContact } from "../../lib/privacy/erase-contact";
import { makeBusiness } from "../helpers/api";
import { messagesOf, newPhoneNumberId, own } from "./harness";

// Nothing WhatsApp sends is dropped silently (issue 37 item 3): what the service cannot use is kept with
// its raw payload, counted in /metrics, listed by the admin command, and replayed after a fix. The bodies
// are processed here directly, as the inbound job does on its last attempt (a status for an unknown
// message is not waited for again).

const LAST_ATTEMPT = { attempts: 8 };
const wamid = () => `wamid.${randomBytes(12).toString("base64url")}`;
const seconds = () => String(Math.floor(Date.now() / 1000));
const rowsOf = async (ids: string[]) => db().select().from(inboundUnusable).where(inArray(inboundUnusable.id, ids));
const kept: string[] = [];

/** The kept rows whose raw payload names `marker` (other test files write to the same table on Postgres). */
async function keptFor(marker: string) {
  const all = (await adminCommands["unusable-inbound"]({ all: true, limit: "1000" })) as Array<{
    id: string;
    kind: string;
    raw: unknown;
    reason: string;
  }>;
  const mine = all.filter((r) => JSON.stringify(r.raw).includes(marker));
  kept.push(...mine.map((r) => r.id));
  return mine;
}

function change(phoneNumberId: string, value: Record<string, unknown>) {
  return {
    field: "messages",
    value: { messaging_product: "whatsapp", metadata: { display_phone_number: "15550783881", phone_number_id: phoneNumberId }, ...value },
  };
}
const body = (...changes: unknown[]) => JSON.stringify({ object: "whatsapp_business_account", entry: [{ id: "9123", changes }] });

afterAll(async () => {
  if (kept.length) await db().delete(inboundUnusable).where(inArray(inboundUnusable.id, kept));
});

describe("inbound parts the service cannot use", () => {
  it("are kept with their raw payload and kind, once, counted in /metrics, and the rest of the body is still stored", async () => {
    const biz = await makeBusiness();
    const phoneNumberId = newPhoneNumberId();
    await db().update(businesses).set({ whatsappPhoneNumberId: phoneNumberId }).where(eq(businesses.id, biz.businessId));
    own({ businessId: biz.businessId, phoneNumberId });
    const stranger = newPhoneNumberId();
    const [good, odd, lost, orphan] = [wamid(), wamid(), wamid(), wamid()];
    const raw = body(
      change(phoneNumberId, {
        contacts: [{ wa_id: "351910000001", profile: { name: "Rita" } }],
        messages: [
          { from: "351910000001", id: good, timestamp: seconds(), type: "text", text: { body: "hello" } },
          { from: "351910000001", id: odd, timestamp: seconds(), type: "unsupported", errors: [{ code: 131051, title: "Message type unknown" }] },
          { from: "351910000001", timestamp: seconds(), type: "text", text: { body: `no id ${good}` } },
        ],
        statuses: [{ id: orphan, status: "delivered", timestamp: seconds(), recipient_id: "351910000001" }],
      }),
      change(stranger, { messages: [{ from: "351910000002", id: lost, timestamp: seconds(), type: "text", text: { body: "anyone there?" } }] }),
      { field: "account_alerts", value: { entity_id: good, alert_info: { alert_type: "OBA_APPROVED" } } },
    );
    const counted = async (kind: string) =>
      ((await metrics().inboundUnusable.get()).values.find((v) => v.labels.kind === kind && v.labels.channel === "whatsapp")?.value ?? 0) as number;
    const before = { malformed: await counted("malformed"), unknown_type: await counted("unknown_type") };
    await processInboundWebhook(db(), raw, LAST_ATTEMPT);

    // The usable message is stored; so is the unsupported one, as a placeholder staff can see.
    const stored = await messagesOf(biz.businessId);
    expect(stored.map((m) => [m.channelMessageId, m.text])).toEqual([
      [good, "hello"],
      [odd, "[unsupported]"],
    ]);
    const byKind = (rows: Awaited<ReturnType<typeof keptFor>>, kind: string) => rows.filter((r) => r.kind === kind);
    const mine = [...(await keptFor(good)), ...(await keptFor(odd)), ...(await keptFor(lost)), ...(await keptFor(orphan))];
    const unique = [...new Map(mine.map((r) => [r.id, r])).values()];
    expect(unique.map((r) => r.kind).sort()).toEqual(["malformed", "unknown_field", "unknown_message", "unknown_number", "unknown_type"]);
    // Each is a webhook body of its own holding only its part.
    const type = byKind(unique, "unknown_type")[0];
    expect(type.raw).toMatchObject({
      entry: [{ changes: [{ field: "messages", value: { metadata: { phone_number_id: phoneNumberId }, messages: [{ id: odd }] } }] }],
    });
    expect(JSON.stringify(type.raw)).not.toContain("hello");
    expect(byKind(unique, "unknown_number")[0].raw).toMatchObject({ entry: [{ changes: [{ value: { messages: [{ id: lost }] } }] }] });
    expect(byKind(unique, "unknown_message")[0].reason).toContain(orphan);
    expect(byKind(unique, "unknown_field")[0].reason).toContain("account_alerts");
    expect(await counted("malformed")).toBe(before.malformed + 1);
    expect(await counted("unknown_type")).toBe(before.unknown_type + 1);

    // The same body again (a redelivery, a retried job): nothing stored or kept twice.
    await processInboundWebhook(db(), raw, LAST_ATTEMPT);
    expect(await messagesOf(biz.businessId)).toHaveLength(2);
    expect(await rowsOf(unique.map((r) => r.id))).toHaveLength(5);
    expect(await counted("malformed")).toBe(before.malformed + 1);
  });

  it("go with the contact when the contact is erased (they carry the customer's number and words)", async () => {
    const biz = await makeBusiness();
    const phoneNumberId = newPhoneNumberId();
    await db().update(businesses).set({ whatsappPhoneNumberId: phoneNumberId }).where(eq(businesses.id, biz.businessId));
    own({ businessId: biz.businessId, phoneNumberId });
    const [odd, other] = [wamid(), wamid()];
    await processInboundWebhook(
      db(),
      body(
        change(phoneNumberId, {
          messages: [
            { from: "351910000004", id: odd, timestamp: seconds(), type: "unsupported" },
            { from: "351910000005", id: other, timestamp: seconds(), type: "unsupported" },
          ],
        }),
      ),
      LAST_ATTEMPT,
    );
    const [mine] = await keptFor(odd);
    const [theirs] = await keptFor(other);
    const contactId = (await messagesOf(biz.businessId)).find((m) => m.channelMessageId === odd)?.contactId as string;
    await eraseContact(db(), biz.businessId, contactId);
    expect((await rowsOf([mine.id, theirs.id])).map((r) => r.id)).toEqual([theirs.id]);
  });

  it("a body that is no JSON is kept as text", async () => {
    const marker = randomBytes(8).toString("hex");
    await processInboundWebhook(db(), `{"entry": [${marker}`, LAST_ATTEMPT);
    const [row] = await keptFor(marker);
    expect(row).toMatchObject({ kind: "invalid_json", raw: { text: `{"entry": [${marker}` } });
  });

  it("are replayed after a fix: a number connected later gets its message; what is still unusable stays listed with why", async () => {
    const number = newPhoneNumberId();
    const [early, odd] = [wamid(), wamid()];
    await processInboundWebhook(
      db(),
      body(change(number, { messages: [{ from: "351910000003", id: early, timestamp: seconds(), type: "text", text: { body: "are you open?" } }] })),
      LAST_ATTEMPT,
    );
    const [waiting] = await keptFor(early);
    expect(waiting).toMatchObject({ kind: "unknown_number" });
    expect(await adminCommands["replay-inbound"]({ id: waiting.id })).toEqual([
      { id: waiting.id, replayed: false, outcome: expect.stringMatching(/^still unusable: .*no business has connected/) },
    ]);

    // The business connects that number; the replay stores the message in its thread.
    const biz = await makeBusiness();
    await db().update(businesses).set({ whatsappPhoneNumberId: number }).where(eq(businesses.id, biz.businessId));
    own({ businessId: biz.businessId, phoneNumberId: number });
    expect(await adminCommands["replay-inbound"]({ id: waiting.id })).toEqual([{ id: waiting.id, replayed: true, outcome: "processed" }]);
    expect((await messagesOf(biz.businessId)).map((m) => [m.channelMessageId, m.text])).toEqual([[early, "are you open?"]]);
    const [done] = await rowsOf([waiting.id]);
    expect(done.replayedAt).toBeInstanceOf(Date);
    // Replayed items leave the default list; --all still shows them.
    const open = (await adminCommands["unusable-inbound"]({ limit: "1000" })) as Array<{ id: string }>;
    expect(open.map((r) => r.id)).not.toContain(waiting.id);

    // A type still not read stays unusable (it is in the thread as a placeholder already).
    await processInboundWebhook(
      db(),
      body(change(number, { messages: [{ from: "351910000003", id: odd, timestamp: seconds(), type: "unsupported" }] })),
      LAST_ATTEMPT,
    );
    const [type] = await keptFor(odd);
    const [result] = (await adminCommands["replay-inbound"]({ id: type.id })) as Array<{ replayed: boolean; outcome: string }>;
    expect(result).toMatchObject({ replayed: false, outcome: "still unusable: message type unsupported is not read" });
    expect(await messagesOf(biz.businessId)).toHaveLength(2);

    await expect(adminCommands["replay-inbound"]({})).rejects.toMatchObject({ code: "invalid_request" });
    await expect(adminCommands["replay-inbound"]({ id: "inu_01JD7X4S9C8A3K2M5N6P7Q8R9T" })).rejects.toMatchObject({ code: "not_found" });
  });
});
