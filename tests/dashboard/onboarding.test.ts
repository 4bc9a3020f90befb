import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
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

    // The restaurant kit's knowledge in Spanish (English and Portuguese kept as versions); the hours
    // and the address are settings the assistant answers from, not knowledge text.
    const knowledge = await listKnowledge(db(), businessId, assistant.id, { limit: 50 });
    expect(knowledge.data.map((k) => k.title).sort()).toEqual(["Alergias y dietas", "Aparcamiento", "Grupos y eventos", "Reservas y cancelaciones"]);
    expect(knowledge.data.every((k) => k.language === "es" && k.translations.en && k.translations.pt)).toBe(true);
    expect(knowledge.data.some((k) => /Calle Mayor|12:00/.test(k.content))).toBe(false);

    signedIn(businessId, body.userId, email);
    const hoursNow = await api("GET", "/v1/business-hours", { headers });
    expect(hoursNow.body).toMatchObject({ timeZone: "Europe/Madrid", weekly: hours, holidays: [] });
    const facts = await api("GET", "/v1/business-facts", { headers });
    expect(facts.body).toMatchObject({ address: "Calle Mayor 5, Madrid", pickup: { offered: true }, paymentMethods: ["cash", "card"] });
    expect(facts.body.delivery).toMatchObject({ offered: true, fee: { amount: 250, currency: "EUR" } });
    const { key } = await createApiKey(db(), businessId, { scopes: ["business:read"], name: "read" });
    const read = await api("GET", "/v1/business", { key });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      id: businessId,
      name: "Casa Pepe",
      kind: "restaurant",
      languages: ["es"],
      timeZone: "Europe/Madrid",
      address: "Calle Mayor 5, Madrid",
      createdAt: expect.any(String),
    });

    const checklist = await api("GET", "/v1/internal/onboarding", { headers });
    expect(checklist.status).toBe(200);
    expect(checklist.body).toMatchObject({
      kind: "restaurant",
      dismissed: false,
      done: false,
      setUp: { skills: 3, knowledgeItems: 4, staffMembers: 0, services: 0, catalogItems: 5, openDays: 3 },
    });
    expect(checklist.body.steps.map((s: { id: string; href: string; done: boolean }) => [s.id, s.href, s.done])).toEqual([
      ["whatsapp", "/channel", false],
      ["hours", "/business-hours", false],
      ["knowledge", "/assistant", false],
      ["catalog", "/catalog", false],
      ["simulator", "/simulator", false],
      // The key read /v1/business above.
      ["apiKey", "/api-keys", true],
    ]);

    // Each step ticks from real state (the sample menu is not the owner's catalog).
    await api("PUT", "/v1/business-hours", { headers, body: { weekly: hours, holidays: [] } });
    await createKnowledge(db(), businessId, assistant.id, { title: "Terraza", content: "Tenemos terraza de abril a octubre." });
    await upsertCatalogItems(db(), businessId, "menu", [
      { externalId: "paella", title: "Paella", price: { amount: 1500, currency: "EUR" }, inStock: true },
    ]);
    await simulateInbound(db(), businessId, { phone: newSandboxCustomer(), name: "Prueba", text: "hola" });
    const ticked = await api("GET", "/v1/internal/onboarding", { headers });
    expect(ticked.body.steps.filter((s: { done: boolean }) => !s.done).map((s: { id: string }) => s.id)).toEqual(["whatsapp"]);

    const dismissed = await api("POST", "/v1/internal/onboarding/dismiss", { headers });
    expect(dismissed.status).toBe(200);
    expect((await api("GET", "/v1/internal/onboarding", { headers })).body.dismissed).toBe(true);
    signInAs(null);
  }, 90_000);

  it("gives a shop its order skill on the products collection, filled with sample products", async () => {
    const { body, email } = await signUp({ kind: "shop", languages: ["en", "pt"], timeZone: "Europe/Lisbon", hours: { mon: ["10:00-19:00"] } });
    const installed = await db().select().from(skills).where(eq(skills.businessId, body.businessId));
    expect(installed.map((s) => s.id).sort()).toEqual(["sk_leads", "sk_orders"]);
    const [assistant] = await db().select().from(assistants).where(eq(assistants.businessId, body.businessId));
    expect(assistant.language).toBe("auto");

    signedIn(body.businessId, body.userId, email);
    const usage = await api("GET", "/v1/internal/catalog-usage", { headers });
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({
      collections: [{ collection: "products", items: 5 }],
      suggestedCollection: "products",
      nodes: [{ skillId: "sk_orders", nodeId: "cart", collection: "products", cart: true, items: 5, enabled: true }],
      emptyCollections: [],
    });
    const catalogStep = async () =>
      (await api("GET", "/v1/internal/onboarding", { headers })).body.steps.find((s: { id: string }) => s.id === "catalog").done;
    expect(await catalogStep()).toBe(false);
    await upsertCatalogItems(db(), body.businessId, "products", [
      { externalId: "teapot", title: "Teapot", price: { amount: 2900, currency: "EUR" }, inStock: true },
    ]);
    const filled = await api("GET", "/v1/internal/catalog-usage", { headers });
    expect(filled.body).toMatchObject({ collections: [{ collection: "products", items: 6 }], emptyCollections: [] });
    expect(await catalogStep()).toBe(true);
    signInAs(null);
  });

  it("gives a clinic an appointment skill and an 'other' business lead capture only; bad answers are refused", async () => {
    const clinic = await signUp({ kind: "salon_or_clinic", languages: ["pt"], timeZone: "Europe/Lisbon", hours: { mon: ["09:00-18:00"] } });
    const clinicSkills = await db().select().from(skills).where(eq(skills.businessId, clinic.body.businessId));
    expect(clinicSkills.map((s) => [s.id, s.name]).sort()).toEqual([
      ["sk_appointment", "Marcações"],
      ["sk_leads", "Pedidos de contacto"],
    ]);
    for (const s of clinicSkills) expect(validateGraph(s.graph)).toMatchObject({ ok: true, warnings: [] });
    signedIn(clinic.body.businessId, clinic.body.userId, clinic.email);
    const salonChecklist = await api("GET", "/v1/internal/onboarding", { headers });
    expect(salonChecklist.body.setUp).toMatchObject({ staffMembers: 2, services: 4, catalogItems: 0, openDays: 1 });
    expect(salonChecklist.body.steps.map((s: { id: string }) => s.id)).toEqual([
      "whatsapp",
      "hours",
      "staff",
      "services",
      "knowledge",
      "simulator",
      "apiKey",
    ]);
    // Changing a sample staff member's hours ticks the staff step.
    const staffList = await api("GET", "/v1/staff", { headers });
    await api("PATCH", `/v1/staff/${staffList.body.data[0].id}`, { headers, body: { weekly: { mon: ["09:00-13:00"] } } });
    const afterStaff = await api("GET", "/v1/internal/onboarding", { headers });
    expect(afterStaff.body.steps.find((s: { id: string }) => s.id === "staff").done).toBe(true);
    signInAs(null);

    // No hours sent: the kit's (an office's, for "other").
    const other = await signUp({ kind: "other", languages: ["en"], timeZone: "UTC" });
    expect(other.status).toBe(200);
    expect((await db().select().from(skills).where(eq(skills.businessId, other.body.businessId))).map((s) => s.id)).toEqual(["sk_leads"]);
    const [otherBusiness] = await db().select().from(businesses).where(eq(businesses.id, other.body.businessId));
    expect(otherBusiness.kind).toBe("other");
    signedIn(other.body.businessId, other.body.userId, other.email);
    expect((await api("GET", "/v1/business-hours", { headers })).body.weekly).toMatchObject({ mon: ["09:00-18:00"], fri: ["09:00-18:00"] });
    signInAs(null);

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
