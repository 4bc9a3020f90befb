import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { simulateInbound } from "@/lib/channels/sandbox-simulator";
import { db } from "@/lib/db/client";
import { contacts, conversations, events, jobs, messages } from "@/lib/db/schema";
import { pickColumns, selectRows, selectTableRows } from "@/lib/db/table-rows";
import { createRecord } from "@/lib/records/records";
import { api, makeBusiness } from "../helpers/api";

// Issue 19: the hot list reads map the driver's rows themselves (lib/db/table-rows.ts). They must give
// what drizzle's own select gives, value for value: dates, JSON, arrays, nulls, bigints.
describe("selectTableRows", () => {
  it("returns the rows drizzle's select returns, for tables with dates, JSON, arrays, nulls and bigints", async () => {
    const b = await makeBusiness();
    await api("POST", "/v1/contacts", { key: b.key, body: { phone: "+14155550101", name: "Ana", tags: ["vip", "b2b"], metadata: { n: 1 } } });
    await api("POST", "/v1/contacts", { key: b.key, body: { phone: "+14155550102" } });
    const { conversationId } = await simulateInbound(db(), b.businessId, { phone: "+14155550103", name: "Bo", text: "hola, ¿tienen mesa?" });
    await createRecord(db(), b.businessId, { collection: "orders", fields: { item: "tea" } });

    const cases = [
      [contacts, db().select().from(contacts).where(eq(contacts.businessId, b.businessId)).orderBy(desc(contacts.createdAt), desc(contacts.id))],
      [conversations, db().select().from(conversations).where(eq(conversations.businessId, b.businessId))],
      [
        messages,
        db()
          .select()
          .from(messages)
          .where(and(eq(messages.businessId, b.businessId), eq(messages.conversationId, conversationId)))
          .limit(10),
      ],
      [events, db().select().from(events).where(eq(events.businessId, b.businessId))],
      [jobs, db().select().from(jobs).limit(20)],
    ] as const;
    for (const [table, query] of cases) {
      const expected = await query;
      expect(expected.length, "the case has rows").toBeGreaterThan(0);
      const rows = await selectTableRows(db(), query, table);
      expect(rows).toEqual(expected);
      // The same property set and types, not only equal values.
      expect(rows.map((r) => Object.keys(r))).toEqual(expected.map((r) => Object.keys(r)));
      for (const [i, row] of rows.entries())
        for (const [k, v] of Object.entries(row)) expect(v?.constructor, `${k}`).toBe((expected[i] as Record<string, unknown>)[k]?.constructor);
    }
  });
});

describe("selectRows with picked columns", () => {
  it("returns what drizzle's select(columns) returns for the same columns", async () => {
    const b = await makeBusiness();
    const { conversationId } = await simulateInbound(db(), b.businessId, { phone: "+14155550104", name: "Cy", text: "¿A qué hora abren mañana?" });
    await api("POST", "/v1/messages", { key: b.key, body: { to: "+14155550104", text: "A las 9" } });
    const picked = pickColumns(messages, ["id", "conversationId", "text", "media", "reactions", "userId", "createdAt"] as const);
    const where = and(eq(messages.businessId, b.businessId), eq(messages.conversationId, conversationId));
    const expected = await db().select(picked.columns).from(messages).where(where).orderBy(desc(messages.createdAt), desc(messages.id));
    expect(expected.length, "the case has rows").toBe(2);
    const rows = await selectRows(
      db(),
      sql`select ${picked.list} from messages where business_id = ${b.businessId} and conversation_id = ${conversationId} order by created_at desc, id desc`,
      picked.columns,
    );
    expect(rows).toEqual(expected);
    expect(rows.map((r) => Object.keys(r))).toEqual(expected.map((r) => Object.keys(r)));
    expect(rows[0].createdAt).toBeInstanceOf(Date);
  });
});
