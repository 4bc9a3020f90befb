import { and, arrayContains, desc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { simulateInbound } from "@/lib/channels/sandbox-simulator";
import { type Db, db } from "@/lib/db/client";
import { containsPattern } from "@/lib/db/like";
import { contacts, conversations, events, jobs, messages } from "@/lib/db/schema";
import { statement } from "@/lib/db/statement";
import { isoTimestamp, pickColumns, selectRows, selectStatementIsoRows, selectStatementRows, selectTableRows } from "@/lib/db/table-rows";
import { keysetPage, listPage, type Page } from "@/lib/pagination";
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

describe("keysetPage with search and tag filters (the contact list)", () => {
  it("pages exactly as listPage with drizzle's ilike and arrayContains, its rows holding only the picked columns", async () => {
    const b = await makeBusiness();
    const names = ["María Pérez", "Mario", "Ana Maria", "Bo", "MARIANA", null, "50% off", "a_b"];
    for (const [i, name] of names.entries())
      await api("POST", "/v1/contacts", {
        key: b.key,
        body: { phone: `+1415555030${i}`, ...(name ? { name } : {}), tags: i % 2 ? ["vip", "b2b"] : ["b2b"], metadata: { i } },
      });
    // Another business's contacts match the same search and tag, and are never seen.
    const other = await makeBusiness();
    await api("POST", "/v1/contacts", { key: other.key, body: { phone: "+14155550399", name: "Mariano", tags: ["vip"] } });
    const full = (r: typeof contacts.$inferSelect) => ({
      id: r.id,
      name: r.name,
      tags: r.tags,
      metadata: r.metadata,
      createdAt: r.createdAt.toISOString(),
    });
    const picked = pickColumns(contacts, ["id", "name", "tags", "metadata", "createdAt"] as const);
    const seen: object[] = [];
    const narrow = (r: { id: string; name: string | null; tags: string[]; metadata: Record<string, unknown>; createdAt: string }) => {
      seen.push(r);
      return { id: r.id, name: r.name, tags: r.tags, metadata: r.metadata, createdAt: r.createdAt };
    };
    // The LIKE pattern as listContacts makes it.
    const like = containsPattern;
    const cases = [
      { search: "mari", tag: undefined, names: ["MARIANA", "Ana Maria", "Mario"] },
      { search: "mari", tag: "vip", names: ["Mario"] },
      { search: undefined, tag: "vip", names: ["a_b", null, "Bo", "Mario"] },
      { search: "0303", tag: undefined, names: ["Bo"] },
      { search: "%", tag: undefined, names: ["50% off"] },
      { search: "_", tag: undefined, names: ["a_b"] },
      { search: undefined, tag: "nobody", names: [] },
      { search: undefined, tag: undefined, names: [...names].reverse() },
    ];
    for (const f of cases) {
      let cursor: string | null = null;
      const got: ReturnType<typeof full>[] = [];
      do {
        const page: { limit: number; cursor: string | null } = { limit: 2, cursor };
        const where = [
          eq(contacts.businessId, b.businessId),
          f.search ? or(ilike(contacts.name, like(f.search)), ilike(contacts.phone, like(f.search))) : undefined,
          f.tag ? arrayContains(contacts.tags, [f.tag]) : undefined,
        ];
        const expected = await listPage(db(), contacts, { idPrefix: "ct_", page, where }, full);
        const keyset: Page<ReturnType<typeof narrow>> = await keysetPage(
          db(),
          contacts,
          {
            idPrefix: "ct_",
            page,
            filters: [
              [contacts.businessId, b.businessId],
              f.search ? { ilike: [contacts.name, contacts.phone], pattern: like(f.search) } : undefined,
              f.tag ? { contains: contacts.tags, value: f.tag } : undefined,
            ],
            select: picked,
          },
          narrow,
        );
        expect(keyset, JSON.stringify(f)).toEqual(expected);
        got.push(...keyset.data);
        cursor = keyset.nextCursor;
      } while (cursor);
      // Newest first; "María" (with í) does not contain "mari".
      expect(
        got.map((c) => c.name),
        JSON.stringify(f),
      ).toEqual(f.names);
    }
    for (const row of seen) expect(Object.keys(row).sort()).toEqual(["createdAt", "id", "metadata", "name", "tags"]);
  });
});

describe("timestamps as ISO text (selectStatementIsoRows)", () => {
  it("writes every instant exactly as Date#toISOString does, from UTC text and through Date otherwise", () => {
    const column = messages.createdAt;
    const texts = [
      "2026-11-28 03:05:10.594+00",
      "2026-11-28 03:05:10.59+00",
      "2026-11-28 03:05:10.5+00",
      "2026-11-28 03:05:10+00",
      "2026-11-28 03:05:10.594123+00",
      "2026-11-28 03:05:10.999999+00",
      "1970-01-01 00:00:00+00",
      "0999-12-31 23:59:59.001+00",
      "2026-11-28 00:05:10.594-03",
      "2026-11-28 08:35:10.5+05:30",
      "2026-03-29 01:30:00+01",
      "2026-11-28 03:05:10.5+01",
      "2026-11-28 03:05:10.123456+10",
      "2026-11-28 03:05:10.12+00",
      "2026-11-28 23:59:59.9999+00",
    ];
    for (const text of texts) expect(isoTimestamp(text, column), text).toBe(new Date(text).toISOString());
    // Random instants, as Postgres writes them with millisecond precision (trailing zeros left out).
    for (let i = 0; i < 2000; i++) {
      const d = new Date(Math.floor(Math.random() * Date.UTC(9999, 0, 1)));
      const text = `${d.toISOString().slice(0, 19).replace("T", " ")}${d.getUTCMilliseconds() ? `.${d.toISOString().slice(20, 23)}`.replace(/0+$/, "") : ""}+00`;
      expect(isoTimestamp(text, column), text).toBe(d.toISOString());
    }
    // A driver that gives a Date (or anything else) goes through the column.
    expect(isoTimestamp(new Date("2026-11-28T03:05:10.594Z"), column)).toBe("2026-11-28T03:05:10.594Z");
  });

  it("gives drizzle's rows with their timestamps written out, on the database, in a transaction and in another time zone", async () => {
    const b = await makeBusiness();
    const { conversationId } = await simulateInbound(db(), b.businessId, { phone: "+14155550106", name: "Ed", text: "¿Hacen envíos?" });
    await api("POST", "/v1/messages", { key: b.key, body: { to: "+14155550106", text: "Sí, a todo el país" } });
    // Instants with every kind of fraction Postgres writes (none, one, two and three digits).
    const instants = ["2026-01-02T03:04:05.000Z", "2026-01-02T03:04:05.100Z", "2026-01-02T03:04:05.120Z", "2026-01-02T03:04:05.123Z"];
    const stored = await db().select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversationId));
    for (const [i, m] of stored.entries())
      await db()
        .update(messages)
        .set({ createdAt: new Date(instants[i]) })
        .where(eq(messages.id, m.id));
    const picked = pickColumns(messages, ["id", "text", "media", "reactions", "createdAt"] as const);
    const run = statement(`select ${picked.text} from messages where business_id = $1 and conversation_id = $2 order by created_at desc, id desc`);
    // The ISO read takes the same columns under their property names (pickColumns' aliased list).
    const aliased = statement(
      `select ${picked.aliased} from messages where business_id = $1 and conversation_id = $2 order by created_at desc, id desc`,
    );
    const params = [b.businessId, conversationId];
    const expected = (await selectStatementRows(db(), run, params, picked.columns)).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    expect(expected.map((r) => r.createdAt)).toEqual(instants.slice(0, stored.length).reverse());
    expect(await selectStatementIsoRows(db(), aliased, params, picked.columns)).toEqual(expected);
    const inTransaction = await db().transaction((tx) => selectStatementIsoRows(tx as unknown as Db, aliased, params, picked.columns));
    expect(inTransaction).toEqual(expected);
    // A session in another time zone writes other text (-03): the same instants come out.
    const elsewhere = await db().transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'America/Sao_Paulo'`);
      const raw = await aliased(tx as unknown as Db, params);
      expect(String(raw[0].createdAt)).toMatch(/-03$/);
      return selectStatementIsoRows(tx as unknown as Db, aliased, params, picked.columns);
    });
    expect(elsewhere).toEqual(expected);
  });
});

describe("statements written once (lib/db/statement.ts)", () => {
  it("give the same rows on the process's database and inside a transaction (drizzle's path), with a cast parameter", async () => {
    const b = await makeBusiness();
    const { conversationId } = await simulateInbound(db(), b.businessId, { phone: "+14155550105", name: "Di", text: "¿Tienen terraza?" });
    await api("POST", "/v1/messages", { key: b.key, body: { to: "+14155550105", text: "Sí, con 8 mesas" } });
    const picked = pickColumns(messages, ["id", "text", "media", "createdAt"] as const);
    const newest = statement(
      `select ${picked.text} from messages where business_id = $1 and conversation_id = $2 and created_at < $3::timestamptz order by created_at desc, id desc limit $4`,
    );
    const params = [b.businessId, conversationId, new Date(Date.now() + 60_000).toISOString(), 10];
    const expected = await db()
      .select(picked.columns)
      .from(messages)
      .where(and(eq(messages.businessId, b.businessId), eq(messages.conversationId, conversationId)))
      .orderBy(desc(messages.createdAt), desc(messages.id));
    expect(expected.map((m) => m.text)).toEqual(["Sí, con 8 mesas", "¿Tienen terraza?"]);
    expect(await selectStatementRows(db(), newest, params, picked.columns)).toEqual(expected);
    const inTransaction = await db().transaction((tx) => selectStatementRows(tx as unknown as Db, newest, params, picked.columns));
    expect(inTransaction).toEqual(expected);
    // Another business's id finds nothing: the parameters are bound in their places.
    const other = await makeBusiness();
    expect(await selectStatementRows(db(), newest, [other.businessId, conversationId, params[2], 10], picked.columns)).toEqual([]);
  });

  it("keysetPage pages exactly as listPage does, for every combination of its equality filters and with a cursor", async () => {
    const b = await makeBusiness();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { conversationId } = await simulateInbound(db(), b.businessId, { phone: `+1415555020${i}`, name: `P${i}`, text: "hola" });
      ids.push(conversationId);
    }
    await db()
      .update(conversations)
      .set({ status: "handoff" })
      .where(inArray(conversations.id, [ids[1], ids[3]]));
    const view = (r: typeof conversations.$inferSelect) => ({ id: r.id, status: r.status, assigneeId: r.assigneeId });
    const filters = [
      { status: undefined, assignee: undefined },
      { status: "handoff", assignee: undefined },
      { status: "open", assignee: null },
      { status: undefined, assignee: "usr_nobody" },
    ] as const;
    for (const f of filters) {
      let cursor: string | null = null;
      do {
        const page: { limit: number; cursor: string | null } = { limit: 2, cursor };
        const expected = await listPage(
          db(),
          conversations,
          {
            idPrefix: "conv_",
            page,
            where: [
              eq(conversations.businessId, b.businessId),
              f.status ? eq(conversations.status, f.status) : undefined,
              f.assignee === null ? isNull(conversations.assigneeId) : f.assignee ? eq(conversations.assigneeId, f.assignee) : undefined,
            ],
          },
          view,
        );
        const got: Page<ReturnType<typeof view>> = await keysetPage(
          db(),
          conversations,
          {
            idPrefix: "conv_",
            page,
            filters: [
              [conversations.businessId, b.businessId],
              f.status ? [conversations.status, f.status] : undefined,
              f.assignee !== undefined ? [conversations.assigneeId, f.assignee] : undefined,
            ],
          },
          view,
        );
        expect(got, JSON.stringify(f)).toEqual(expected);
        cursor = got.nextCursor;
      } while (cursor);
    }
    const all = await keysetPage(
      db(),
      conversations,
      { idPrefix: "conv_", page: { limit: 10 }, filters: [[conversations.businessId, b.businessId]] },
      view,
    );
    expect(all.data.map((c) => c.id)).toEqual([...ids].reverse());
    const handoff = await keysetPage(
      db(),
      conversations,
      {
        idPrefix: "conv_",
        page: { limit: 10 },
        filters: [
          [conversations.businessId, b.businessId],
          [conversations.status, "handoff"],
        ],
      },
      view,
    );
    expect(handoff.data.map((c) => c.id)).toEqual([ids[3], ids[1]]);

    // With the view's columns picked, only they are read: the same pages, rows without the others.
    const picked = pickColumns(conversations, ["id", "status", "assigneeId", "createdAt"] as const);
    const seen: object[] = [];
    const narrow = (r: { id: string; status: string; assigneeId: string | null; createdAt: string }) => {
      seen.push(r);
      return { id: r.id, status: r.status, assigneeId: r.assigneeId };
    };
    let cursor: string | null = null;
    const pages: Page<ReturnType<typeof narrow>>[] = [];
    do {
      const page: Page<ReturnType<typeof narrow>> = await keysetPage(
        db(),
        conversations,
        { idPrefix: "conv_", page: { limit: 2, cursor }, filters: [[conversations.businessId, b.businessId]], select: picked },
        narrow,
      );
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.flatMap((p) => p.data)).toEqual(all.data);
    expect(pages.map((p) => p.data.length)).toEqual([2, 2, 1]);
    for (const row of seen) expect(Object.keys(row).sort()).toEqual(["assigneeId", "createdAt", "id", "status"]);
    // Their timestamps come as the ISO text Date writes, read from the database's own text.
    const stored = await db()
      .select({ id: conversations.id, createdAt: conversations.createdAt })
      .from(conversations)
      .where(inArray(conversations.id, ids));
    const createdAt = new Map(stored.map((r) => [r.id, r.createdAt.toISOString()]));
    for (const row of seen as { id: string; createdAt: string }[]) expect(row.createdAt).toBe(createdAt.get(row.id));
  });
});
