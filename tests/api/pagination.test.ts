import { describe, expect, it } from "vitest";
import { api, makeBusiness, uniquePhone } from "../helpers/api";

describe("keyset pagination", () => {
  it("pages 120 contacts at 50 as 50, 50, 20 with no duplicates, stable while rows are inserted", async () => {
    const b = await makeBusiness();
    for (let i = 0; i < 120; i += 20) {
      await Promise.all(Array.from({ length: 20 }, () => api("POST", "/v1/contacts", { key: b.key, body: { phone: uniquePhone() } })));
    }
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: any } = await api("GET", `/v1/contacts?limit=50${cursor ? `&cursor=${cursor}` : ""}`, { key: b.key });
      expect(res.status).toBe(200);
      sizes.push(res.body.data.length);
      seen.push(...res.body.data.map((c: { id: string }) => c.id));
      cursor = res.body.nextCursor;
      // New rows arriving between pages land before page 1 and never shift later pages.
      await api("POST", "/v1/contacts", { key: b.key, body: { phone: uniquePhone() } });
    } while (cursor);
    expect(sizes).toEqual([50, 50, 20]);
    expect(new Set(seen).size).toBe(120);
  });

  it("orders newest first and pages messages with before", async () => {
    const b = await makeBusiness();
    await api("POST", "/v1/templates", { key: b.key, body: { name: "ping", language: "en", category: "utility", body: "ping {{1}}" } });
    const phone = uniquePhone();
    let conversationId = "";
    for (let i = 0; i < 7; i++) {
      const r = await api("POST", "/v1/messages", {
        key: b.key,
        body: { to: phone, type: "template", template: { name: "ping", language: "en", variables: [String(i)] } },
      });
      conversationId = r.body.conversationId;
    }
    const p1 = await api("GET", `/v1/conversations/${conversationId}/messages?limit=3`, { key: b.key });
    expect(p1.body.data.map((m: { text: string }) => m.text)).toEqual(["ping 6", "ping 5", "ping 4"]);
    const p2 = await api("GET", `/v1/conversations/${conversationId}/messages?limit=3&before=${p1.body.nextCursor}`, { key: b.key });
    expect(p2.body.data.map((m: { text: string }) => m.text)).toEqual(["ping 3", "ping 2", "ping 1"]);
    const p3 = await api("GET", `/v1/conversations/${conversationId}/messages?limit=3&before=${p2.body.nextCursor}`, { key: b.key });
    expect(p3.body.data.map((m: { text: string }) => m.text)).toEqual(["ping 0"]);
    expect(p3.body.nextCursor).toBeNull();
  });

  it("refuses bad limits and garbage or foreign cursors with 400", async () => {
    const b = await makeBusiness();
    for (const q of ["limit=abc", "limit=0", "limit=201", "limit=1.5", "limit=-1", "cursor=%%%", "cursor=bm9wZQ", "limit=5&limit=6"]) {
      const res = await api("GET", `/v1/contacts?${q}`, { key: b.key });
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
    }
    await api("POST", "/v1/contacts", { key: b.key, body: { phone: uniquePhone() } });
    await api("POST", "/v1/contacts", { key: b.key, body: { phone: uniquePhone() } });
    const contactCursor = (await api("GET", "/v1/contacts?limit=1", { key: b.key })).body.nextCursor;
    const foreign = await api("GET", `/v1/conversations?cursor=${contactCursor}`, { key: b.key });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details[0].path).toBe("cursor");
  });
});
