import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serviceIn, staffIn } from "@/lib/appointments/schema";
import { listServices } from "@/lib/appointments/services";
import { listStaff } from "@/lib/appointments/staff";
import { getAssistant } from "@/lib/assistants/assistants";
import { listKnowledge } from "@/lib/assistants/knowledge";
import { createBusiness } from "@/lib/businesses/businesses";
import { getBusinessFacts } from "@/lib/businesses/facts";
import { getBusinessHours } from "@/lib/businesses/hours";
import { businessKinds } from "@/lib/db/schema/businesses";
import { db } from "@/lib/db/client";
import { businessHours, catalogItems, knowledgeItems, services, skills, staffMembers } from "@/lib/db/schema";
import { createApiKey } from "@/lib/keys/api-keys";
import { validateGraph } from "@/lib/shared/validate-graph";
import { STARTER_SKILLS } from "@/lib/skills/starter-skills";
import { applyStarterKit } from "@/lib/starter-kits/apply-kit";
import { type KitLanguage, kitLanguages, starterKits } from "@/lib/starter-kits";
import { api } from "../helpers/api";

const otherLanguages = (lang: KitLanguage) => kitLanguages.filter((l) => l !== lang);

async function freshBusiness() {
  return createBusiness(db(), { name: `Kit Co ${Math.random().toString(36).slice(2, 8)}`, timeZone: "Europe/Lisbon" });
}

describe("the starter kits as data", () => {
  it("has one kit per kind, every text in English, Portuguese and Spanish", () => {
    expect(Object.keys(starterKits).sort()).toEqual([...businessKinds].sort());
    for (const kit of Object.values(starterKits)) {
      const texts = [
        kit.settings.tone,
        kit.settings.greeting,
        kit.settings.awayMessage,
        ...kit.knowledge.flatMap((k) => [k.title, k.content]),
        ...kit.services.flatMap((s) => [s.name, s.description]),
        ...(kit.catalog?.items.flatMap((i) => [i.title, i.description]) ?? []),
      ];
      for (const t of texts) {
        expect(Object.keys(t).sort(), kit.kind).toEqual(["en", "es", "pt"]);
        for (const l of kitLanguages) expect(t[l].trim().length, `${kit.kind} ${t.en}`).toBeGreaterThan(0);
      }
      // The knowledge answers what customers ask: at least three entries, and Portuguese is not English.
      expect(kit.knowledge.length).toBeGreaterThanOrEqual(3);
      for (const k of kit.knowledge) expect(k.content.pt).not.toBe(k.content.en);
      expect(kit.settings.awayMessage.en).toContain("{{opens}}");
    }
  });

  it("gives each trade hours that fit it", () => {
    const {
      restaurant,
      salon_or_clinic: salon,
      shop,
      other,
    } = Object.fromEntries(Object.entries(starterKits).map(([k, kit]) => [k, kit.hours])) as Record<string, Record<string, string[] | undefined>>;
    // A restaurant: lunch and dinner service, closed one day, no office hours.
    expect(Object.keys(restaurant)).toHaveLength(6);
    for (const ranges of Object.values(restaurant)) expect((ranges ?? []).some((r) => r.startsWith("12:"))).toBe(true);
    expect(restaurant.tue).toEqual(["12:00-15:00", "19:00-23:00"]);
    expect(Object.values(restaurant).flat()).not.toContain("09:00-18:00");
    expect(Object.keys(salon).sort()).toEqual(["fri", "sat", "thu", "tue", "wed"]);
    expect(Object.keys(shop).sort()).toEqual(["fri", "mon", "sat", "thu", "tue", "wed"]);
    expect(Object.keys(other).sort()).toEqual(["fri", "mon", "thu", "tue", "wed"]);
  });

  it("lists only starter skills that exist, and the appointment skill for salons and clinics", () => {
    for (const kit of Object.values(starterKits)) {
      for (const key of kit.skills) if (key !== "appointment") expect(STARTER_SKILLS, `${kit.kind}: ${key}`).toHaveProperty(key);
    }
    expect(starterKits.salon_or_clinic.skills).toContain("appointment");
  });
});

describe("applying a starter kit", () => {
  for (const kind of businessKinds) {
    for (const lang of kind === "salon_or_clinic" ? kitLanguages : (["pt"] as const)) {
      it(`sets up a ${kind} in ${lang}: hours, facts, settings, knowledge, samples and skills, consistently`, async () => {
        const kit = starterKits[kind];
        const { businessId, assistantId } = await freshBusiness();
        const applied = await applyStarterKit(db(), businessId, assistantId, { kind, language: lang, address: "Rua Nova 1" });
        expect(applied).toMatchObject({
          kind,
          language: lang,
          knowledgeItems: kit.knowledge.length,
          services: kit.services.length,
          staffMembers: kit.staff.length,
        });

        const hours = await getBusinessHours(db(), businessId);
        expect(hours.weekly).toEqual(kit.hours);
        expect(hours.awayMessage).toBe(kit.settings.awayMessage[lang]);
        const facts = await getBusinessFacts(db(), businessId);
        expect(facts.address).toBe("Rua Nova 1");
        expect(facts.paymentMethods).toEqual(kit.facts.paymentMethods);
        const assistant = await getAssistant(db(), businessId, assistantId);
        expect(assistant.instructions).toContain(kit.settings.tone[lang]);
        expect(assistant.instructions).toContain(kit.settings.greeting[lang]);

        // Knowledge: the business's language is each item's own, the other two its versions.
        const knowledge = await listKnowledge(db(), businessId, assistantId, { limit: 50 });
        expect(knowledge.data.map((k) => k.title).sort()).toEqual(kit.knowledge.map((k) => k.title[lang]).sort());
        for (const item of knowledge.data) {
          const source = kit.knowledge.find((k) => k.title[lang] === item.title)!;
          expect(item.language).toBe(lang);
          expect(item.content).toBe(source.content[lang]);
          for (const other of otherLanguages(lang)) {
            expect(item.translations[other]).toMatchObject({ title: source.title[other], content: source.content[other], origin: "owner" });
          }
        }

        // Skills: every listed key that exists is installed, enabled, valid and named in the language.
        const installed = await db().select().from(skills).where(eq(skills.businessId, businessId));
        const expected = [...new Set(kit.skills.filter((k) => Object.hasOwn(STARTER_SKILLS, k)).map((k) => STARTER_SKILLS[k].id))];
        expect(installed.map((s) => s.id).sort()).toEqual(expected.sort());
        expect(applied.skills.sort()).toEqual(expected.sort());
        for (const s of installed) {
          expect(s.enabled).toBe(true);
          expect(validateGraph(s.graph)).toMatchObject({ ok: true });
        }

        // Staff and services pass the appointments validation again as they are stored, and each
        // service can be booked: the availability offers free times within the next two weeks.
        const staff = (await listStaff(db(), businessId, { limit: 50 })).data;
        const offered = (await listServices(db(), businessId, { limit: 50 })).data;
        expect(staff.map((s) => s.name).sort()).toEqual(kit.staff.map((s) => s.name).sort());
        expect(offered.map((s) => s.name[lang]).sort()).toEqual(kit.services.map((s) => s.name[lang]).sort());
        for (const s of staff) staffIn.parse({ name: s.name, weekly: s.weekly, breaks: s.breaks, timeOff: s.timeOff });
        const staffIds = new Set(staff.map((s) => s.id));
        const { key } = await createApiKey(db(), businessId, { scopes: "all", name: "kit" });
        for (const s of offered) {
          expect(Object.keys(s.name).sort()).toEqual(["en", "es", "pt"]);
          serviceIn.parse({ name: s.name, description: s.description, durationMinutes: s.durationMinutes, price: s.price, staffIds: s.staffIds });
          expect(s.staffIds.length).toBeGreaterThan(0);
          for (const id of s.staffIds) expect(staffIds.has(id)).toBe(true);
          const free = await api("GET", `/v1/availability?serviceId=${s.id}`, { key });
          expect(free.status).toBe(200);
          expect(free.body.slots.length, `free times of ${s.name.en}`).toBeGreaterThan(0);
        }

        // Catalog samples in the language, marked as samples, in the collection the kit's skills read.
        const items = await db().select().from(catalogItems).where(eq(catalogItems.businessId, businessId));
        expect(items.map((i) => i.title).sort()).toEqual((kit.catalog?.items.map((i) => i.title[lang]) ?? []).sort());
        for (const i of items) {
          expect(i.collection).toBe(kit.catalog?.collection);
          expect(i.metadata).toEqual({ sample: true });
        }
        // The first one imports the route modules: slow on a busy machine.
      }, 90_000);
    }
  }

  it("uses the owner's hours when sign-up gave them", async () => {
    const { businessId, assistantId } = await freshBusiness();
    await applyStarterKit(db(), businessId, assistantId, { kind: "restaurant", language: "en", hours: { fri: ["18:00-02:00"] } });
    expect((await getBusinessHours(db(), businessId)).weekly).toEqual({ fri: ["18:00-02:00"] });
    // A business answering in several languages keeps the default away message, said in each customer's language.
    const several = await freshBusiness();
    await applyStarterKit(db(), several.businessId, several.assistantId, { kind: "restaurant", language: "es", languages: ["es", "en", "pt"] });
    expect((await getBusinessHours(db(), several.businessId)).awayMessage).toBeNull();
  });

  it("writes nothing when any part fails", async () => {
    const { businessId } = await freshBusiness();
    // An assistant that is not the business's: the knowledge step fails after hours, facts and settings.
    await expect(applyStarterKit(db(), businessId, "as_missing", { kind: "salon_or_clinic", language: "es" })).rejects.toThrow();
    for (const table of [knowledgeItems, staffMembers, services, skills, catalogItems] as const) {
      expect(await db().select().from(table).where(eq(table.businessId, businessId))).toEqual([]);
    }
    expect(await db().select().from(businessHours).where(eq(businessHours.businessId, businessId))).toEqual([]);
  });
});
