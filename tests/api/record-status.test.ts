import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { upsertContact } from "@/lib/contacts/contacts";
import { db } from "@/lib/db/client";
import { businesses, events, records } from "@/lib/db/schema";
import { createRecord } from "@/lib/records/records";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api, makeBusiness, uniquePhone } from "../helpers/api";

// Issue 15 part 4: a status per record with per-collection values, changed by staff and by clients
// (PATCH /v1/records/{collection}/{id}, records:write), firing record.updated; the customer on every
// record; labels from the skills and the business's time zone for the dashboard.

const sameOrigin = { cookie: "x", origin: "http://localhost" };

async function withRecords() {
  const b = await makeBusiness();
  const phone = uniquePhone();
  const contact = await upsertContact(db(), b.businessId, { phone, name: "Ada Lovelace" });
  const order = await createRecord(db(), b.businessId, { collection: "orders", fields: { total: 2200 }, contactId: contact.id });
  const booking = await createRecord(db(), b.businessId, { collection: "bookings", fields: { party_size: 4 }, contactId: contact.id });
  const lead = await createRecord(db(), b.businessId, { collection: "leads", fields: { email: "a@example.test" } });
  return { ...b, phone, contact, order, booking, lead };
}

const updatesOf = async (businessId: string) =>
  (
    await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, businessId), eq(events.type, "record.updated")))
      .orderBy(asc(events.createdAt), asc(events.id))
  ).map((e) => e.payload as { record: { id: string; status: string }; previous: { status: string }; collection: string });

const statusOf = async (id: string) => (await db().select({ status: records.status }).from(records).where(eq(records.id, id)))[0].status;

describe("record statuses", () => {
  it("starts bookings confirmed, orders and leads new, and shows the customer's name and phone", async () => {
    const b = await withRecords();
    expect([b.order.status, b.booking.status, b.lead.status]).toEqual(["new", "confirmed", "new"]);
    const orders = await api("GET", "/v1/records/orders", { key: b.key });
    expect(orders.body.data[0]).toMatchObject({ id: b.order.id, status: "new", contact: { name: "Ada Lovelace", phone: b.phone } });
    const leads = await api("GET", "/v1/records/leads", { key: b.key });
    expect(leads.body.data[0]).toMatchObject({ id: b.lead.id, contact: null });
  });

  it("moves an order through its statuses with record.updated, and refuses a bad move or value with 400, changing nothing", async () => {
    const b = await withRecords();
    const path = `/v1/records/orders/${b.order.id}`;
    for (const status of ["preparing", "ready", "delivered"]) {
      const res = await api("PATCH", path, { key: b.key, body: { status } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: b.order.id, status, contact: { name: "Ada Lovelace" } });
    }
    expect((await updatesOf(b.businessId)).map((u) => [u.collection, u.previous.status, u.record.status])).toEqual([
      ["orders", "new", "preparing"],
      ["orders", "preparing", "ready"],
      ["orders", "ready", "delivered"],
    ]);

    // Delivered is final; seated is not an order status; no status at all; an unknown key.
    const final = await api("PATCH", path, { key: b.key, body: { status: "cancelled" } });
    expect(final.status).toBe(400);
    expect(final.body.error.details[0]).toMatchObject({ path: "status" });
    expect(final.body.error.details[0].message).toMatch(/cannot become cancelled \(it is final\)/);
    const wrongKind = await api("PATCH", path, { key: b.key, body: { status: "seated" } });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error.details[0].message).toBe(
      "must be one of new, awaiting_payment, paid, preparing, ready, delivered, cancelled, expired for orders.",
    );
    expect((await api("PATCH", path, { key: b.key, body: {} })).status).toBe(400);
    expect((await api("PATCH", path, { key: b.key, body: { status: "ready", fields: { total: 0 } } })).status).toBe(400);
    expect(await statusOf(b.order.id)).toBe("delivered");
    expect(await updatesOf(b.businessId)).toHaveLength(3);

    // The same status again changes nothing and fires nothing.
    expect((await api("PATCH", path, { key: b.key, body: { status: "delivered" } })).status).toBe(200);
    expect(await updatesOf(b.businessId)).toHaveLength(3);
  });

  it("has the booking and lead statuses of the issue", async () => {
    const b = await withRecords();
    const patch = (collection: string, id: string, status: string) =>
      api("PATCH", `/v1/records/${collection}/${id}`, { key: b.key, body: { status } });
    expect((await patch("bookings", b.booking.id, "no_show")).body.status).toBe("no_show");
    expect((await patch("bookings", b.booking.id, "seated")).body.status).toBe("seated");
    expect((await patch("bookings", b.booking.id, "new")).status).toBe(400);
    expect((await patch("leads", b.lead.id, "contacted")).body.status).toBe("contacted");
    expect((await patch("leads", b.lead.id, "won")).body.status).toBe("won");
    expect((await patch("leads", b.lead.id, "preparing")).status).toBe(400);
    // A record addressed under another collection is not found.
    expect((await patch("orders", b.booking.id, "ready")).status).toBe(404);
  });

  it("is scoped: another business's record answers 404 and stays as it was; records:write is required", async () => {
    const mine = await withRecords();
    const theirs = await withRecords();
    const res = await api("PATCH", `/v1/records/orders/${theirs.order.id}`, { key: mine.key, body: { status: "cancelled" } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect(await statusOf(theirs.order.id)).toBe("new");
    expect(await updatesOf(theirs.businessId)).toHaveLength(0);

    const readOnly = await makeBusiness({ scopes: ["records:read"] });
    const denied = await api("PATCH", `/v1/records/orders/${mine.order.id}`, { key: readOnly.key, body: { status: "ready" } });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe("insufficient_scope");
  });

  it("lets an agent change a status from the dashboard", async () => {
    const b = await withRecords();
    signInAs(await makeStaff({ role: "agent", businessId: b.businessId }));
    const res = await api("PATCH", `/v1/records/bookings/${b.booking.id}`, { headers: sameOrigin, body: { status: "seated" } });
    expect(res.status).toBe(200);
    expect(await statusOf(b.booking.id)).toBe("seated");
    expect((await updatesOf(b.businessId)).map((u) => u.record.status)).toEqual(["seated"]);
  });

  it("gives the dashboard the skills' labels and the business's time zone (members only)", async () => {
    const b = await withRecords();
    await db().update(businesses).set({ timeZone: "Europe/Lisbon" }).where(eq(businesses.id, b.businessId));
    const graph = {
      nodes: [
        { id: "t", type: "trigger", data: { keywords: ["book"] } },
        { id: "q", type: "question", data: { text: "How many?", variable: "party_size", kind: "number", label: "Guests" } },
        { id: "w", type: "question", data: { text: "When?", variable: "when", kind: "datetime", label: "Ignored when the record names it" } },
        {
          id: "r",
          type: "record",
          data: {
            collection: "bookings",
            fields: { PARTY_SIZE: "{{party_size}}", when: "{{when}}", note: "table {{party_size}}" },
            labels: { when: "Date and time" },
          },
        },
        { id: "e", type: "end", data: {} },
      ],
      edges: [
        { id: "1", source: "t", target: "q" },
        { id: "2", source: "q", target: "w" },
        { id: "3", source: "w", target: "r" },
        { id: "4", source: "r", target: "e" },
      ],
    };
    const saved = await api("PUT", "/v1/skills/sk_booking", { key: b.key, body: { name: "Booking", enabled: true, graph } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const staff = await makeStaff({ role: "agent", businessId: b.businessId });
    signInAs(staff);
    const layout = await api("GET", "/v1/internal/records/bookings/layout", { headers: sameOrigin });
    expect(layout.status).toBe(200);
    expect(layout.body).toEqual({
      collection: "bookings",
      timeZone: "Europe/Lisbon",
      labels: { PARTY_SIZE: "Guests", when: "Date and time" },
      statuses: ["confirmed", "seated", "no_show", "cancelled"],
      // No amount fields in bookings; the business has stated no currency yet.
      moneyFields: [],
      money: { currency: null, language: "en" },
    });
    // Internal: a key gets the unknown-endpoint answer.
    expect((await api("GET", "/v1/internal/records/bookings/layout", { key: b.key })).status).toBe(404);

    // A label for a field the record does not have, or a blank one, is refused with the node named.
    const bad = structuredClone(graph);
    (bad.nodes[3].data as { labels: Record<string, string> }).labels = { missing: "X", when: " " };
    const refused = await api("PUT", "/v1/skills/sk_booking", { key: b.key, body: { name: "Booking", enabled: true, graph: bad } });
    expect(refused.status).toBe(400);
    const paths = refused.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["graph.nodes[3].data.labels.missing", "graph.nodes[3].data.labels.when"]));
  });
});
