import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { appointments, businesses, contacts, knowledgeItems, messages, services, skills, staffMembers, users } from "@/lib/db/schema";
import { parseDemoChoice } from "@/lib/demo/demo-choice";
import { nextSalonMorning, SALON_EMAIL, seedSalonDemo } from "@/lib/demo/seed-salon-demo";
import { api } from "../helpers/api";

describe("the salon demo", () => {
  it("seeds a salon with staff, services, hours, knowledge, contacts, a conversation and an appointment, once", async () => {
    const demo = await seedSalonDemo(db());
    expect(demo).not.toBeNull();
    const businessId = demo!.businessId;
    const [b] = await db().select().from(businesses).where(eq(businesses.id, businessId));
    expect(b).toMatchObject({ name: "Demo Salon", kind: "salon_or_clinic", languages: ["en", "pt", "es"], timeZone: "Europe/Lisbon" });
    const rows = async (table: typeof staffMembers | typeof services | typeof contacts | typeof knowledgeItems | typeof skills) =>
      db().select().from(table).where(eq(table.businessId, businessId));
    const staff = await db().select().from(staffMembers).where(eq(staffMembers.businessId, businessId));
    expect(staff.map((s) => s.name).sort()).toEqual(["Ana", "Bruno", "Carla"]);
    expect(await rows(services)).toHaveLength(5);
    expect(await rows(contacts)).toHaveLength(3);
    expect((await rows(knowledgeItems)).length).toBeGreaterThanOrEqual(5);
    expect((await rows(skills)).map((s) => s.id)).toContain("sk_appointment");
    expect(await db().select().from(messages).where(eq(messages.businessId, businessId))).toHaveLength(4);

    // Its API key reads the business, the hours and the appointment (booked through lib/appointments).
    const { key } = { key: demo!.apiKey };
    expect((await api("GET", "/v1/business", { key })).body).toMatchObject({ kind: "salon_or_clinic", name: "Demo Salon" });
    expect((await api("GET", "/v1/business-hours", { key })).body.weekly).toMatchObject({ tue: ["09:00-19:00"], sat: ["09:00-17:00"] });
    const [apt] = await db().select().from(appointments).where(eq(appointments.businessId, businessId));
    expect(apt).toMatchObject({ id: demo!.appointmentId, status: "booked" });
    expect(apt.startAt.getTime()).toBeGreaterThan(Date.now());
    const listed = await api("GET", "/v1/appointments", { key });
    expect(listed.body.data.map((a: { id: string }) => a.id)).toEqual([demo!.appointmentId]);

    // Its own owner account; a second run finds it and writes nothing.
    const owners = await db()
      .select()
      .from(users)
      .where(and(eq(users.email, SALON_EMAIL), eq(users.businessId, businessId)));
    expect(owners).toHaveLength(1);
    expect(await seedSalonDemo(db())).toBeNull();
    expect(await db().select().from(businesses).where(eq(businesses.name, "Demo Salon"))).toHaveLength(1);
  }, 90_000);

  it("books the next Tuesday to Friday at 10:00 in Lisbon", () => {
    // Saturday 2026-11-28 -> Tuesday 2026-12-01 10:00 Lisbon (UTC in winter).
    expect(nextSalonMorning(new Date("2026-11-28T12:00:00Z")).toISOString()).toBe("2026-12-01T10:00:00.000Z");
    // Tuesday 2026-07-07 -> Wednesday 2026-07-08 10:00 Lisbon (UTC+1 in summer).
    expect(nextSalonMorning(new Date("2026-07-07T08:00:00Z")).toISOString()).toBe("2026-07-08T09:00:00.000Z");
  });

  it("reads the DEMO choice strictly, blank being the bistro", () => {
    expect(parseDemoChoice(undefined)).toBe("bistro");
    expect(parseDemoChoice(" Salon ")).toBe("salon");
    expect(parseDemoChoice("both")).toBe("both");
    expect(parseDemoChoice("spa")).toBeNull();
  });
});
