import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { contacts, events } from "@/lib/db/schema";
import { api, makeBusiness, uniquePhone } from "../helpers/api";

describe("contacts", () => {
  it("upserts by phone: fields left out keep their values, metadata and tags replaced whole", async () => {
    const b = await makeBusiness();
    const phone = uniquePhone();
    const metadata = { nested: { deep: [1, 2, { x: null }] }, emoji: "🍕", accents: "São Paulo", big: 12345678901234, flag: false };
    const created = await api("POST", "/v1/contacts", { key: b.key, body: { phone, name: "Zoë", metadata, tags: ["vip", "eu"] } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ phone, name: "Zoë", metadata, tags: ["vip", "eu"] });
    expect(created.body.id).toMatch(/^ct_/);
    // Issue 37: a contact also carries its WhatsApp BSUID and username (null for a phone-only contact).
    expect(Object.keys(created.body).sort()).toEqual(["createdAt", "id", "metadata", "name", "phone", "tags", "updatedAt", "username", "waUserId"]);
    expect(created.body).toMatchObject({ waUserId: null, username: null });
    const renamed = await api("POST", "/v1/contacts", { key: b.key, body: { phone, name: "Zoe" } });
    expect(renamed.body).toMatchObject({ id: created.body.id, name: "Zoe", metadata, tags: ["vip", "eu"] });
    const replaced = await api("POST", "/v1/contacts", { key: b.key, body: { phone, metadata: { only: true }, tags: [] } });
    expect(replaced.body).toMatchObject({ id: created.body.id, name: "Zoe", metadata: { only: true }, tags: [] });
    const list = await api("GET", `/v1/contacts?search=${encodeURIComponent(phone.slice(-6))}`, { key: b.key });
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([created.body.id]);
  });

  it("50 concurrent upserts of one phone give one contact and one contact.created", async () => {
    const b = await makeBusiness();
    const phone = uniquePhone();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => api("POST", "/v1/contacts", { key: b.key, body: { phone, name: `n${i}` } })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const rows = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.businessId, b.businessId), eq(contacts.phone, phone)));
    expect(rows).toHaveLength(1);
    const created = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, b.businessId), eq(events.type, "contact.created")));
    expect(created).toHaveLength(1);
    expect(created[0].payload).toMatchObject({ type: "contact.created", contact: { id: rows[0].id, phone } });
  });

  it("searches case-insensitively by name or phone and filters by tag", async () => {
    const b = await makeBusiness();
    await api("POST", "/v1/contacts", { key: b.key, body: { phone: uniquePhone(), name: "Grace HOPPER", tags: ["navy"] } });
    await api("POST", "/v1/contacts", { key: b.key, body: { phone: uniquePhone(), name: "Alan", tags: ["math"] } });
    const byName = await api("GET", "/v1/contacts?search=hopper", { key: b.key });
    expect(byName.body.data.map((c: { name: string }) => c.name)).toEqual(["Grace HOPPER"]);
    const byTag = await api("GET", "/v1/contacts?tag=math", { key: b.key });
    expect(byTag.body.data.map((c: { name: string }) => c.name)).toEqual(["Alan"]);
    const wildcard = await api("GET", "/v1/contacts?search=%25", { key: b.key });
    expect(wildcard.body.data).toHaveLength(0);
  });

  it("validates phone, metadata size and tags", async () => {
    const b = await makeBusiness();
    const bad: [unknown, string][] = [
      [{ phone: "12345" }, "phone"],
      [{ phone: "+0123456789" }, "phone"],
      [{ phone: uniquePhone(), metadata: "x" }, "metadata"],
      [{ phone: uniquePhone(), metadata: { blob: "x".repeat(17_000) } }, "metadata"],
      [{ phone: uniquePhone(), tags: ["ok", ""] }, "tags[1]"],
      [{ phone: uniquePhone(), tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, "tags"],
    ];
    for (const [body, path] of bad) {
      const res = await api("POST", "/v1/contacts", { key: b.key, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await db().select().from(contacts).where(eq(contacts.businessId, b.businessId))).toHaveLength(0);
  });
});
