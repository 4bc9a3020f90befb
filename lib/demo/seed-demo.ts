import { setBusinessHours } from "../businesses/hours";
import "server-only";
import { eq, sql } from "drizzle-orm";
import { createKnowledge } from "../assistants/knowledge";
import { createBusiness } from "../businesses/businesses";
import { setBusinessFacts } from "../businesses/facts";
import { setUpBusiness } from "../businesses/onboarding";
import { upsertCatalogItems } from "../catalog/catalog";
import { upsertContact } from "../contacts/contacts";
import { ensureConversation } from "../conversations/conversations";
import type { Db } from "../db/client";
import { contacts, conversations, messages, users } from "../db/schema";
import { newId } from "../ids";
import { createApiKey } from "../keys/api-keys";
import { createRecord } from "../records/records";
import { readyMadeSkills } from "../shared/ready-made-skills";
import { upsertSkill } from "../skills/skills";
import { upsertTemplate } from "../channels";
import { createUser } from "../users/users";

export const DEMO_EMAIL = "owner@demo.test";
export const DEMO_PASSWORD = "demo-password";

/** A demo business to explore: hours and facts, assistant with knowledge, skills, catalog, contacts, a conversation, records. */
export async function seedDemo(db: Db) {
  const { businessId, assistantId } = await createBusiness(db, { name: "Demo Bistro", tokens: 250_000, timeZone: "Europe/Lisbon" });
  // The demo's business hours (the booking skill and the handoffs read them): every day 12-15 and 18-23.
  const everyDay = ["12:00-15:00", "18:00-23:00"];
  await setBusinessHours(db, businessId, {
    weekly: { mon: everyDay, tue: everyDay, wed: everyDay, thu: everyDay, fri: everyDay, sat: everyDay, sun: everyDay },
    holidays: [],
  });
  // The demo's facts: what the assistant answers about the address, delivery and payment, and what the
  // order skill's cart charges (2.50 EUR under 30 EUR). The knowledge holds only what no setting says.
  const eur = (amount: number) => ({ amount, currency: "EUR" });
  await setBusinessFacts(db, businessId, {
    address: "Rua das Flores 12, Lisbon",
    delivery: { offered: true, radiusKm: 5, fee: eur(250), freeFrom: eur(3000) },
    pickup: { offered: true },
    paymentMethods: ["cash", "card", "mb_way"],
  });
  // A restaurant serving English, Portuguese and Spanish customers: each item has its three versions.
  await setUpBusiness(db, businessId, assistantId, { kind: "restaurant", languages: ["en", "pt", "es"], timeZone: "Europe/Lisbon" });
  const knowledge = [
    {
      title: "Getting here",
      content: "The nearest metro is Baixa-Chiado, a short walk away.",
      translations: {
        pt: { title: "Como chegar", content: "O metro mais próximo é a Baixa-Chiado, a poucos passos." },
        es: { title: "Cómo llegar", content: "El metro más cercano es Baixa-Chiado, a pocos minutos andando." },
      },
    },
    {
      title: "Parking",
      content: "There is no private parking; the Camões car park is a 3-minute walk away.",
      translations: {
        pt: { title: "Estacionamento", content: "Não temos estacionamento próprio; o parque do Camões fica a 3 minutos a pé." },
        es: { title: "Aparcamiento", content: "No tenemos aparcamiento propio; el parking de Camões está a 3 minutos andando." },
      },
    },
    {
      title: "Vegetarian options",
      content: "Half of our menu is vegetarian and we always have a vegan main course.",
      translations: {
        pt: { title: "Opções vegetarianas", content: "Metade da nossa ementa é vegetariana e temos sempre um prato principal vegano." },
        es: { title: "Opciones vegetarianas", content: "La mitad de nuestra carta es vegetariana y siempre tenemos un plato principal vegano." },
      },
    },
  ];
  for (const item of knowledge) await createKnowledge(db, businessId, assistantId, item);
  await upsertCatalogItems(db, businessId, "menu", [
    { externalId: "pizza-margherita", title: "Pizza Margherita", price: { amount: 1100, currency: "EUR" }, inStock: true },
    { externalId: "pizza-diavola", title: "Pizza Diavola", price: { amount: 1300, currency: "EUR" }, inStock: true },
    { externalId: "lasagna", title: "Vegetarian Lasagna", price: { amount: 1250, currency: "EUR" }, inStock: true },
    { externalId: "tiramisu", title: "Tiramisu", price: { amount: 600, currency: "EUR" }, inStock: true },
    { externalId: "lemonade", title: "Homemade Lemonade", price: { amount: 350, currency: "EUR" }, inStock: false },
  ]);
  for (const skill of readyMadeSkills) {
    await upsertSkill(db, businessId, skill.id, { name: skill.name, enabled: true, graph: skill.graph, assistantId });
  }
  await upsertTemplate(db, businessId, {
    name: "order_update",
    language: "en",
    category: "utility",
    body: "Hi {{1}}, your order {{2}} is on its way.",
  });
  await upsertTemplate(db, businessId, {
    name: "booking_reminder",
    language: "en",
    category: "utility",
    body: "Hi {{1}}, see you at {{2}}! Reply to change your booking.",
  });
  const ada = await upsertContact(db, businessId, { phone: "+351912345001", name: "Ada Lovelace", tags: ["vip"], metadata: { source: "demo" } });
  await upsertContact(db, businessId, { phone: "+351912345002", name: "Alan Turing", tags: ["lead"] });
  await upsertContact(db, businessId, { phone: "+351912345003", name: "Grace Hopper", tags: [] });
  await db.update(contacts).set({ channel: "sandbox" }).where(eq(contacts.businessId, businessId));

  // A short past conversation, as if Ada had written an hour ago.
  const { conversation } = await ensureConversation(db, businessId, ada.id);
  const wrote = new Date(Date.now() - 60 * 60 * 1000);
  await db.insert(messages).values([
    {
      id: newId("msg"),
      businessId,
      conversationId: conversation.id,
      contactId: ada.id,
      direction: "inbound",
      source: "customer",
      text: "Hi! Do you have vegetarian options?",
      status: "received",
      channel: "sandbox",
      channelTimestamp: wrote,
      createdAt: wrote,
    },
    {
      id: newId("msg"),
      businessId,
      conversationId: conversation.id,
      contactId: ada.id,
      direction: "outbound",
      source: "assistant",
      text: "Half of our menu is vegetarian and we always have a vegan main course.",
      status: "delivered",
      channel: "sandbox",
      createdAt: new Date(wrote.getTime() + 2000),
    },
  ]);
  await db.update(conversations).set({ lastInboundAt: wrote, lastMessageAt: sql`now()` }).where(eq(conversations.id, conversation.id));
  await createRecord(db, businessId, {
    collection: "bookings",
    fields: { when: "2026-12-01T20:00:00+00:00", party_size: 2, name: "Ada Lovelace" },
    conversationId: conversation.id,
    contactId: ada.id,
  });
  await createRecord(db, businessId, {
    collection: "leads",
    fields: { name: "Alan Turing", email: "alan@example.com", interest: "Private dinner for 20" },
  });
  const key = await createApiKey(db, businessId, { name: "Demo key", scopes: "all" });
  let user: { email: string; password: string } | null = null;
  // A second demo business on the same database keeps the first one's login (emails are unique per
  // business only, so a second account would share the address and the password).
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
  if (!taken) {
    await createUser(db, { businessId, email: DEMO_EMAIL, password: DEMO_PASSWORD, role: "owner", name: "Demo Owner" });
    user = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
  }
  return { businessId, assistantId, apiKey: key.key, keyId: key.id, user };
}
