import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { queryRows } from "@/lib/db/rows";
import { api } from "../helpers/api";
import { emptyDatabase, migrateFolder, releasedMigrations } from "../helpers/migrations";
import { B, fillReleasedSchema, KEY, T0, T1 } from "../helpers/released-data";

// Issue 17, item 1: an installation of the last release (drizzle 0000-0007, kept as
// tests/fixtures/migrations-released) holding data, upgraded by the current migrations, answers every
// row through the current API. The rows are written with SQL the released schema accepts (the current
// code expects the current schema, so the released API cannot be run here).

describe("upgrading an installation of the last release", () => {
  beforeAll(async () => {
    await emptyDatabase();
    await migrateFolder(releasedMigrations);
    await fillReleasedSchema();
    await migrate();
  }, 120_000);

  it("applied every current migration", async () => {
    const [{ n }] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const fs = await import("node:fs");
    const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8"));
    expect(n).toBe(journal.entries.length);
  });

  it("answers the released key, contacts and conversations", async () => {
    const contacts = await api("GET", "/v1/contacts", { key: KEY });
    expect(contacts.status).toBe(200);
    expect(contacts.body.data.map((c: { id: string }) => c.id).sort()).toEqual(["ct_01RELANA", "ct_01RELBEN"]);
    const ana = contacts.body.data.find((c: { id: string }) => c.id === "ct_01RELANA");
    expect(ana).toMatchObject({
      phone: "+34600111222",
      name: "Ana",
      tags: ["vip", "es"],
      metadata: { source: "import" },
      createdAt: T0,
      updatedAt: T1,
    });

    const convs = await api("GET", "/v1/conversations", { key: KEY });
    expect(convs.status).toBe(200);
    const conv = convs.body.data.find((c: { id: string }) => c.id === "conv_01RELANA");
    expect(conv).toMatchObject({ contactId: "ct_01RELANA", status: "handoff", assigneeId: "usr_01RELAGENT", tokensUsed: 321, lastInboundAt: T0 });
    expect(convs.body.data.find((c: { id: string }) => c.id === "conv_01RELBEN")).toMatchObject({ status: "closed" });
  });

  it("answers the released messages", async () => {
    const res = await api("GET", "/v1/conversations/conv_01RELANA/messages", { key: KEY });
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.data.map((m: { id: string }) => [m.id, m]));
    expect(byId.msg_01RELIN).toMatchObject({ direction: "inbound", source: "customer", text: "Hola, mesa para 4?", status: "received" });
    expect(byId.msg_01RELOUT).toMatchObject({ direction: "outbound", source: "assistant", text: "Claro, ¿a qué hora?", status: "read" });
    const ben = await api("GET", "/v1/conversations/conv_01RELBEN/messages", { key: KEY });
    expect(ben.body.data[0]).toMatchObject({
      id: "msg_01RELTPL",
      source: "campaign",
      status: "failed",
      template: { name: "promo", language: "es" },
      error: { code: "recipient_unreachable", channelCode: 131026 },
    });
  });

  it("answers the released records, with 0008's statuses", async () => {
    const bookings = await api("GET", "/v1/records/bookings", { key: KEY });
    expect(bookings.status).toBe(200);
    expect(bookings.body.data).toHaveLength(1);
    expect(bookings.body.data[0]).toMatchObject({
      id: "rec_01RELBOOK",
      fields: { partySize: 4, date: "2026-03-02", time: "20:00" },
      status: "confirmed",
      contact: { name: "Ana", phone: "+34600111222" },
    });
    const orders = await api("GET", "/v1/records/orders", { key: KEY });
    expect(orders.status).toBe(200);
    expect(orders.body.data[0]).toMatchObject({ fields: { total: 3200 }, status: "new", conversationId: "conv_01RELANA" });
  });

  it("answers the released skills, catalog, templates and knowledge", async () => {
    const skill = await api("GET", "/v1/skills/sk_hello", { key: KEY });
    expect(skill.status).toBe(200);
    expect(skill.body).toMatchObject({ id: "sk_hello", name: "Hello", assistantId: "asst_01REL", version: 2, enabled: true });
    expect(skill.body.graph.nodes.map((n: { id: string }) => n.id)).toEqual(["start", "bye"]);

    const items = await api("GET", "/v1/catalog/menu/items", { key: KEY });
    expect(items.status).toBe(200);
    expect(items.body.data[0]).toMatchObject({ id: "cat_01RELPAELLA", externalId: "paella", title: "Paella", description: "Valenciana" });

    const templates = await api("GET", "/v1/templates", { key: KEY });
    expect(templates.status).toBe(200);
    expect(templates.body.data.find((t: { name: string }) => t.name === "promo")).toMatchObject({
      language: "es",
      category: "marketing",
      status: "approved",
    });

    const knowledge = await api("GET", "/v1/assistants/asst_01REL/knowledge", { key: KEY });
    expect(knowledge.status).toBe(200);
    expect(knowledge.body.data[0]).toMatchObject({ id: "kn_01RELHOURS", title: "Hours" });
  });

  it("answers the released webhook endpoints and deliveries", async () => {
    const endpoints = await api("GET", "/v1/webhook-endpoints", { key: KEY });
    expect(endpoints.status).toBe(200);
    expect(endpoints.body.data[0]).toMatchObject({ id: "we_01RELHOOK", url: "https://hooks.lola.test/convo", enabled: true });
    const deliveries = await api("GET", "/v1/webhook-endpoints/we_01RELHOOK/deliveries", { key: KEY });
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.data[0]).toMatchObject({ id: "whd_01RELDEL", status: "succeeded", attempts: 2 });
  });

  it("answers the released campaigns and their recipients", async () => {
    const campaign = await api("GET", "/v1/campaigns/cmp_01RELSPRING", { key: KEY });
    expect(campaign.status).toBe(200);
    expect(campaign.body).toMatchObject({ id: "cmp_01RELSPRING", name: "Spring", status: "completed" });
    const recipients = await api("GET", "/v1/campaigns/cmp_01RELSPRING/recipients", { key: KEY });
    expect(recipients.status).toBe(200);
    expect(recipients.body.data.map((r: { status: string }) => r.status).sort()).toEqual(["failed", "sent"]);
  });

  it("keeps the wallet, the business's channel and the queued job", async () => {
    const wallet = await api("GET", "/v1/usage/wallet", { key: KEY });
    expect(wallet.status).toBe(200);
    expect(wallet.body).toMatchObject({ balanceTokens: 4200 });
    const [job] = await queryRows(db(), sql`select queue, business_id, status, attempts from jobs`);
    expect(job).toMatchObject({ queue: "webhooks.deliver", business_id: B, status: "failed", attempts: 10 });
  });
});
