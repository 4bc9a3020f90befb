import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { bookAppointment } from "../appointments/appointments";
import { appointmentIn, serviceIn, staffIn } from "../appointments/schema";
import { createService } from "../appointments/services";
import { createStaff, listStaff } from "../appointments/staff";
import { createBusiness } from "../businesses/businesses";
import { setUpBusiness } from "../businesses/onboarding";
import { upsertContact } from "../contacts/contacts";
import { ensureConversation } from "../conversations/conversations";
import type { Db } from "../db/client";
import { contacts, conversations, messages, services, users } from "../db/schema";
import { newId } from "../ids";
import { createApiKey } from "../keys/api-keys";
import { applyStarterKit } from "../starter-kits/apply-kit";
import { now } from "../time/clock";
import { wallClock, zonedInstant } from "../time/time-zone";
import { createUser } from "../users/users";

export const SALON_EMAIL = "salon@demo.test";
export const SALON_PASSWORD = "demo-password";
const timeZone = "Europe/Lisbon";

/** The next day from `from` on which the salon's staff work (Tuesday to Friday), at 10:00 in Lisbon. */
export function nextSalonMorning(from: Date): Date {
  for (let days = 1; days <= 7; days++) {
    const w = wallClock(new Date(from.getTime() + days * 86_400_000), timeZone);
    if (w.weekday >= 1 && w.weekday <= 4) return zonedInstant(timeZone, { year: w.year, month: w.month, day: w.day, hour: 10, minute: 0 });
  }
  throw new Error("no working day in a week");
}

/**
 * The salon demo, beside the bistro: the salon_or_clinic starter kit in three languages (hours, facts,
 * knowledge, skills, two staff members and four services) plus a third staff member and a fifth
 * service, contacts, a past conversation and a booked appointment, with its own owner account. All or
 * nothing; a second run finds the owner account and writes nothing (null).
 */
export async function seedSalonDemo(db: Db) {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, SALON_EMAIL)).limit(1);
  if (taken) return null;
  return db.transaction(async (tx) => {
    const { businessId, assistantId } = await createBusiness(tx, {
      name: "Demo Salon",
      tokens: 250_000,
      timeZone,
      assistantName: "Demo Salon assistant",
    });
    await setUpBusiness(tx, businessId, assistantId, { kind: "salon_or_clinic", languages: ["en", "pt", "es"], timeZone });
    await applyStarterKit(tx, businessId, assistantId, { kind: "salon_or_clinic", language: "en", address: "Rua Garrett 40, Lisbon" });
    const carla = await createStaff(
      tx,
      businessId,
      staffIn.parse({ name: "Carla", weekly: { wed: ["10:00-19:00"], thu: ["10:00-19:00"], fri: ["10:00-19:00"], sat: ["09:00-17:00"] } }),
    );
    const bruno = (await listStaff(tx, businessId, { limit: 50 })).data.find((s) => s.name === "Bruno");
    await createService(
      tx,
      businessId,
      serviceIn.parse({
        name: { en: "Beard trim", pt: "Aparar a barba", es: "Arreglo de barba" },
        description: { en: "Trim and hot towel.", pt: "Aparar e toalha quente.", es: "Recorte y toalla caliente." },
        durationMinutes: 30,
        price: { amount: 1500, currency: "EUR" },
        staffIds: [carla.id, ...(bruno ? [bruno.id] : [])],
      }),
    );

    const maria = await upsertContact(tx, businessId, {
      phone: "+351912346001",
      name: "Maria Silva",
      tags: ["regular"],
      metadata: { source: "demo" },
    });
    await upsertContact(tx, businessId, { phone: "+351912346002", name: "João Costa", tags: [] });
    await upsertContact(tx, businessId, { phone: "+351912346003", name: "Sofia Martins", tags: ["lead"] });
    await tx.update(contacts).set({ channel: "sandbox" }).where(eq(contacts.businessId, businessId));

    // A short past conversation, as if Maria had written an hour ago, and the appointment it led to.
    const at = now();
    const wrote = new Date(at.getTime() - 60 * 60 * 1000);
    const { conversation } = await ensureConversation(tx, businessId, maria.id);
    const texts = [
      ["inbound", "customer", "Hi! Can I book a haircut with Ana this week?"],
      ["outbound", "assistant", "Of course! Ana has a free haircut slot in the morning. Shall I book it?"],
      ["inbound", "customer", "Yes please, 10:00 is perfect."],
      ["outbound", "assistant", "Booked: a haircut with Ana at 10:00. See you then!"],
    ] as const;
    await tx.insert(messages).values(
      texts.map(([direction, source, text], i) => ({
        id: newId("msg"),
        businessId,
        conversationId: conversation.id,
        contactId: maria.id,
        direction,
        source,
        text,
        status: direction === "inbound" ? ("received" as const) : ("delivered" as const),
        channel: "sandbox" as const,
        ...(direction === "inbound" ? { channelTimestamp: new Date(wrote.getTime() + i * 60_000) } : {}),
        createdAt: new Date(wrote.getTime() + i * 60_000),
      })),
    );
    await tx
      .update(conversations)
      .set({ lastInboundAt: new Date(wrote.getTime() + 2 * 60_000), lastMessageAt: sql`now()` })
      .where(eq(conversations.id, conversation.id));
    const ana = (await listStaff(tx, businessId, { limit: 50 })).data.find((s) => s.name === "Ana");
    const [haircut] = await tx
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.businessId, businessId), sql`${services.name}->>'en' = 'Haircut'`));
    if (!ana || !haircut) throw new Error("the salon kit has no Ana or no Haircut");
    const appointment = await bookAppointment(
      tx,
      businessId,
      appointmentIn.parse({
        serviceId: haircut.id,
        staffId: ana.id,
        contactId: maria.id,
        start: nextSalonMorning(at).toISOString(),
        notes: "Booked on WhatsApp",
      }),
      at,
    );

    const key = await createApiKey(tx, businessId, { name: "Demo key", scopes: "all" });
    await createUser(tx, { businessId, email: SALON_EMAIL, password: SALON_PASSWORD, role: "owner", name: "Salon Owner" });
    return {
      businessId,
      assistantId,
      apiKey: key.key,
      keyId: key.id,
      appointmentId: appointment.id,
      user: { email: SALON_EMAIL, password: SALON_PASSWORD },
    };
  });
}
