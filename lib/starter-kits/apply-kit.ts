import "server-only";
import { createStaff } from "../appointments/staff";
import { createService } from "../appointments/services";
import { serviceIn, staffIn } from "../appointments/schema";
import { updateAssistant } from "../assistants/assistants";
import { createKnowledge } from "../assistants/knowledge";
import { setBusinessFacts } from "../businesses/facts";
import { setBusinessHours } from "../businesses/hours";
import type { BusinessKind } from "../businesses/onboarding";
import { upsertCatalogItems } from "../catalog/catalog";
import type { Db } from "../db/client";
import { catalogItemIn } from "../shared/catalog-schema";
import type { KitWeekly } from "../shared/starter-kit-hours";
import { starterSkill } from "../skills/starter-skills";
import { upsertSkill } from "../skills/skills";
import { starterKits } from "./index";
import { type KitLanguage, type KitText, kitLanguages, type StarterKit } from "./kit";

// Applying a starter kit: everything the kind starts with, written in one transaction through the
// domain functions (their validation included), the business's first language as each text's own
// and the other two as its versions wherever the product keeps versions (knowledge, service names).

export type KitApplied = {
  kind: BusinessKind;
  language: KitLanguage;
  skills: string[];
  knowledgeItems: number;
  staffMembers: number;
  services: number;
  catalog: { collection: string; items: number } | null;
};

const greetingLead: KitText = {
  en: "When a customer says hello, greet them like this:",
  pt: "Quando um cliente cumprimentar, responde assim:",
  es: "Cuando un cliente salude, salúdale así:",
};

/** The assistant's instructions: the kit's tone and greeting, in the business's language. */
export function kitInstructions(kit: StarterKit, lang: KitLanguage): string {
  return `${kit.settings.tone[lang]}\n${greetingLead[lang]} "${kit.settings.greeting[lang]}"`;
}

const otherVersions = (lang: KitLanguage, title: KitText, content: KitText) =>
  Object.fromEntries(kitLanguages.filter((l) => l !== lang).map((l) => [l, { title: title[l], content: content[l] }]));

/**
 * Writes the kind's kit for a new business: hours (the owner's, when sign-up gave them, else the
 * kit's), away message, facts, the assistant's instructions, knowledge, staff, services, catalog and
 * the starter skills. All or nothing.
 */
export async function applyStarterKit(
  db: Db,
  businessId: string,
  assistantId: string,
  input: { kind: BusinessKind; language: KitLanguage; hours?: KitWeekly; address?: string | null; languages?: readonly string[] },
): Promise<KitApplied> {
  const kit = starterKits[input.kind];
  const lang = input.language;
  return db.transaction(async (tx) => {
    // The kit's away message is in one language: a business that answers in several keeps the default
    // (null), which is said in each customer's own language.
    const oneLanguage = (input.languages?.length ?? 1) <= 1;
    await setBusinessHours(tx, businessId, {
      weekly: input.hours ?? kit.hours,
      holidays: [],
      awayMessage: oneLanguage ? kit.settings.awayMessage[lang] : null,
    });
    await setBusinessFacts(tx, businessId, {
      address: input.address || null,
      paymentMethods: kit.facts.paymentMethods,
      delivery: kit.facts.delivery ?? null,
      pickup: kit.facts.pickup ?? null,
    });
    await updateAssistant(tx, businessId, assistantId, { instructions: kitInstructions(kit, lang) });
    for (const k of kit.knowledge) {
      await createKnowledge(tx, businessId, assistantId, {
        title: k.title[lang],
        content: k.content[lang],
        language: lang,
        translations: otherVersions(lang, k.title, k.content),
      });
    }
    const staffIds: string[] = [];
    for (const s of kit.staff) staffIds.push((await createStaff(tx, businessId, staffIn.parse(s))).id);
    for (const s of kit.services) {
      const { staff, ...service } = s;
      await createService(tx, businessId, serviceIn.parse({ ...service, staffIds: staff.map((i) => staffIds[i]) }));
    }
    if (kit.catalog) {
      const items = kit.catalog.items.map((i) =>
        catalogItemIn.parse({
          externalId: i.externalId,
          title: i.title[lang],
          description: i.description[lang],
          price: i.price,
          inStock: true,
          // Marks the kit's samples: the checklist asks for the owner's own items until one is there.
          metadata: { sample: true },
        }),
      );
      await upsertCatalogItems(tx, businessId, kit.catalog.collection, items);
    }
    const skills: string[] = [];
    for (const key of kit.skills) {
      // `appointment` arrives with the appointment skill (another branch): skipped until STARTER_SKILLS has it.
      const skill = starterSkill(key, lang);
      if (!skill || skills.includes(skill.id)) continue;
      await upsertSkill(tx, businessId, skill.id, { name: skill.name, enabled: true, graph: skill.graph, assistantId });
      skills.push(skill.id);
    }
    return {
      kind: kit.kind,
      language: lang,
      skills,
      knowledgeItems: kit.knowledge.length,
      staffMembers: kit.staff.length,
      services: kit.services.length,
      catalog: kit.catalog ? { collection: kit.catalog.collection, items: kit.catalog.items.length } : null,
    };
  });
}
