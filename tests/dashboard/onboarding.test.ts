import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/sign-up/route";
import { PEER_HEADER } from "@/lib/auth/client-address";
import { createKnowledge, listKnowledge } from "@/lib/assistants/knowledge";
import { upsertCatalogItems } from "@/lib/catalog/catalog";
import { newSandboxCustomer, simulateInbound } from "@/lib/channels/sandbox-simulator";
import { db } from "@/lib/db/client";
import { assistants, businesses, skills } from "@/lib/db/schema";
import { createApiKey } from "@/lib/keys/api-keys";
import { validateGraph } from "@/lib/shared/validate-graph";
import { api } from "../helpers/api";
import { signInAs } from "./harness";

vi.mock("@/lib/auth/session", async () => (await import("./harness")).sessionMock);

const headers = { cookie: "x", origin: "http://localhost" };
const hours = { mon: ["12:00-15:00", "19:00-23:00"], tue: ["12:00-15:00", "19:00-23:00"], sat: ["12:00-16:00"] };

const randomAddress = () => `10.${Array.from({ length: 3 }, () => Math.floor(Math.random() * 250) + 1).join(".")}`;

async function signUp(onboarding: Record<string, unknown>) {
  const email = `first-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  const res = await POST(
    new Request("http://localhost/api/sign-up", {
      method: "POST",
      // Each from its own address: sign-ups are throttled per client address.
      headers: { "content-type": "application/json", origin: "http://localhost", [PEER_HEADER]: randomAddress() },
      body: JSON.stringify({ businessName: "Casa Pepe", name: "Pepe", email, password: "long-enough", onboarding }),
    }),
  );
  const body = await res.json();
  return { status: res.status, body, email };
}

const signedIn = (businessId: string, userId: string, email: string) => signInAs({ userId, businessId, role: "owner", email, name: "Pepe" });

describe("onboarding at sign-up", () => {
  it("gives a Spanish restaurant its skills in Spanish, its hours, starter knowledge and a checklist", async () => {
    const { status, body, email } = await signUp({
      kind: "restaurant",
      languages: ["es"],
      timeZone: "Europe/Madrid",
      hours,
      address: "Calle Mayor 5, Madrid",
    });
    expect(status).toBe(200);
    const { businessId } = body;
    const [b] = await db().select().from(businesses).where(eq(businesses.id, businessId));
    expect(b).toMatchObject({ kind: "restaurant", languages: ["es"], address: "Calle Mayor 5, Madrid", timeZone: "Europe/Madrid" });
    const [assistant] = await db().select().from(assistants).where(eq(assistants.businessId, businessId));
    expect(assistant.language).toBe("es");

    const installed = await db().select().from(skills).where(eq(skills.businessId, businessId));
    expect(installed.map((s) => [s.id, s.name, s.enabled]).sort()).toEqual([
      ["sk_booking", "Reservas de mesa", true],
      ["sk_leads", "Solicitudes de contacto", true],
      ["sk_orders", "Pedidos", true],
    ]);
    const booking = installed.find((s) => s.id === "sk_booking")!;
    expect(validateGraph(booking.graph)).toMatchObject({ ok: true, warnings: [] });
    const ask = (booking.graph as { nodes: Array<{ id: string; data: Record<string, unknown> }> }).nodes.find((n) => n.id === "party_size")!;
    expect(ask.data.text).toBe("¡Con mucho gusto! ¿Para cuántas personas es la mesa?");
    expect(ask.data.texts).toMatchObject({ en: "Happy to book you a table! For how many people?" });

    // The hours and the address are settings the assistant answers from, not knowledge text.
    const knowledge = await listKnowledge(db(), businessId, assistant.id, { limit: 50 });
    expect(knowledge.data).toEqual([]);

    signedIn(businessId, body.userId, email);
    const hoursNow = await api("GET", "/v1/business-hours", { headers });
    expect(hoursNow.body).toMatchObject({ timeZone: "Europe/Madrid", weekly: hours, holidays: [] });
    const facts = await api("GET", "/v1/business-facts", { headers });
    expect(facts.body).toMatchObject({ address: "Calle Mayor 5, Madrid", delivery: null, pickup: null, paymentMethods: [] });

    const checklist = await api("GET", "/v1/internal/onboarding", { headers });
    expect(checklist.status).toBe(200);
    expect(checklist.body).toMatchObject({ kind: "restaurant", dismissed: false, done: false });
    expect(checklist.body.steps.map((s: { id: string; href: string; done: boolean }) => [s.id, s.href, s.done])).toEqual([
      ["whatsapp", "/channel", false],
      ["knowledge", "/assistant", false],
      ["catalog", "/catalog", false],
      ["simulator", "/simulator", false],
      ["apiKey", "/api-keys", false],
    ]);

    // Each step ticks from real state.
    await createKnowledge(db(), businessId, assistant.id, { title: "Terraza", content: "Tenemos terraza de abril a octubre." });
    await upsertCatalogItems(db(), businessId, "menu", [
      { externalId: "paella", title: "Paella", price: { amount: 1500, currency: "EUR" }, inStock: true },
    ]);
    await simulateInbound(db(), businessId, { phone: newSandboxCustomer(), name: "Prueba", text: "hola" });
    await createApiKey(db(), businessId, { scopes: "all", name: "pos" });
    const ticked = await api("GET", "/v1/internal/onboarding", { headers });
    expect(ticked.body.steps.filter((s: { done: boolean }) => !s.done).map((s: { id: string }) => s.id)).toEqual(["whatsapp"]);

    const dismissed = await api("POST", "/v1/internal/onboarding/dismiss", { headers });
    expect(dismissed.status).toBe(200);
    expect((await api("GET", "/v1/internal/onboarding", { headers })).body.dismissed).toBe(true);
    signInAs(null);
  });

  it("gives a shop its order skill on the products collection, and suggests that collection for uploads", async () => {
    const { body, email } = await signUp({ kind: "shop", languages: ["en", "pt"], timeZone: "Europe/Lisbon", hours: { mon: ["10:00-19:00"] } });
    const installed = await db().select().from(skills).where(eq(skills.businessId, body.businessId));
    expect(installed.map((s) => s.id).sort()).toEqual(["sk_leads", "sk_orders"]);
    const [assistant] = await db().select().from(assistants).where(eq(assistants.businessId, body.businessId));
    expect(assistant.language).toBe("auto");

    signedIn(body.businessId, body.userId, email);
    const usage = await api("GET", "/v1/internal/catalog-usage", { headers });
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({
      collections: [],
      suggestedCollection: "products",
      nodes: [{ skillId: "sk_orders", nodeId: "cart", collection: "products", cart: true, items: 0, enabled: true }],
      emptyCollections: [{ skillId: "sk_orders", collection: "products" }],
    });
    await upsertCatalogItems(db(), body.businessId, "products", [
      { externalId: "mug", title: "Mug", price: { amount: 900, currency: "EUR" }, inStock: true },
    ]);
    const filled = await api("GET", "/v1/internal/catalog-usage", { headers });
    expect(filled.body).toMatchObject({ collections: [{ collection: "products", items: 1 }], emptyCollections: [] });
    signInAs(null);
  });

  it("gives a clinic an appointment skill and an 'other' business lead capture only; bad answers are refused", async () => {
    const clinic = await signUp({ kind: "clinic", languages: ["pt"], timeZone: "Europe/Lisbon", hours: { mon: ["09:00-18:00"] } });
    const clinicSkills = await db().select().from(skills).where(eq(skills.businessId, clinic.body.businessId));
    expect(clinicSkills.map((s) => [s.id, s.name]).sort()).toEqual([
      ["sk_appointments", "Marcações"],
      ["sk_leads", "Pedidos de contacto"],
    ]);
    for (const s of clinicSkills) expect(validateGraph(s.graph)).toMatchObject({ ok: true, warnings: [] });

    const other = await signUp({ kind: "other", languages: ["en"], timeZone: "UTC", hours: {} });
    expect((await db().select().from(skills).where(eq(skills.businessId, other.body.businessId))).map((s) => s.id)).toEqual(["sk_leads"]);

    const bad = await signUp({ kind: "castle", languages: ["fr"], timeZone: "Mars/Olympus", hours: { mon: ["late"] } });
    expect(bad.status).toBe(400);
    const paths = bad.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["onboarding.kind", "onboarding.languages[0]", "onboarding.hours.mon[0]"]));
  });

  it("refuses an unknown time zone without creating anything", async () => {
    const bad = await signUp({ kind: "shop", languages: ["en"], timeZone: "Mars/Olympus", hours: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("timeZone");
  });
});

describe("internal onboarding operations", () => {
  it("are not served to API keys", async () => {
    const { businessId } = (await signUp({ kind: "other", languages: ["en"], timeZone: "UTC", hours: {} })).body;
    const { key } = await createApiKey(db(), businessId, { scopes: "all", name: "k" });
    expect((await api("GET", "/v1/internal/onboarding", { key })).status).toBe(404);
    expect((await api("GET", "/v1/internal/catalog-usage", { key })).status).toBe(404);
  });
});
