import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { knowledgeItems, services } from "../../db/schema";
import type { SkillGraph } from "../../shared/graph-schema";
import { detectedLanguages } from "../../language";
import { type Classification, classifyIntent, type IntentExample, type IntentModel, trainIntents } from "../understanding/intent-classifier";
import { type OwnIntent, ownIntentExamples, type SkillKind, skillKindExamples } from "../understanding/intent-examples";
import { slotsOf } from "../understanding/slots";
import { mentionsAllergy } from "../understanding/staff-notes";
import { cachedIndex } from "./search-index";
import { knowledgeStamp } from "./retrieval";
import type { RunnableSkill } from "./skill-catalog";

// What a message asks for, decided by meaning (issue 35 item 2): the business's intent model is
// trained from its enabled skills (name, description, trigger phrases, the owner's example phrases,
// and the built-in phrases of the skill's kind), its knowledge titles (questions the knowledge
// answers) and the intents no skill serves (lost property, complaints, allergies, a booking made
// elsewhere). It is rebuilt when a skill or a knowledge item changes: the cache stamp is every skill's
// id and version and the knowledge's count and latest update.

export type Intent = { kind: "skill"; skill: RunnableSkill } | { kind: OwnIntent };

export type IntentDecision = {
  /** The intent when it is clear: confident and ahead of the next one. */
  intent: Intent | null;
  /** Skills the message might mean when no intent is clear (best first; empty when none is close). */
  unsure: RunnableSkill[];
  classification: Classification;
};

/** At or above: the intent is clear. Between UNSURE and CONFIDENT a skill is only asked about. */
export const CONFIDENT = 0.42;
export const UNSURE = 0.26;
const MARGIN = 0.06;
const OWN = 0.3;
const OWN_MARGIN = 0.1;

/** The kind of a skill, read from its graph: a party size and a time is a table booking, a cart an order. */
export function skillKind(graph: SkillGraph): SkillKind | null {
  const roles = new Set(slotsOf(graph).map((s) => s.role));
  if (graph.nodes.some((n) => n.type === "catalog" && n.data.cart === true)) return "order";
  if (graph.nodes.some((n) => n.type === "appointment")) return "appointment";
  if (roles.has("party") && roles.has("when")) return "table_booking";
  if (roles.has("when") || roles.has("date")) return "appointment";
  if (roles.has("email")) return "lead";
  return null;
}

// An appointment skill is asked for by the services it books ("an oil change tomorrow", "corte e barba").
const bookingVerbs = { en: "I'd like to book", pt: "queria marcar", es: "quiero pedir cita para" } as const;

function examplesOf(skills: RunnableSkill[], titles: string[], serviceNames: string[] = []): IntentExample[] {
  const out: IntentExample[] = [];
  for (const skill of skills) {
    const intent = `skill:${skill.id}`;
    const kind = skillKind(skill.graph);
    const own = [skill.name, skill.description, ...skill.keywords, ...skill.examples.map((e) => e.text)];
    for (const text of own) if (text.trim()) out.push({ intent, text });
    if (skill.graph.nodes.some((n) => n.type === "appointment"))
      for (const name of serviceNames) for (const verb of Object.values(bookingVerbs)) out.push({ intent, text: `${verb} ${name}` });
    if (kind) for (const lang of detectedLanguages) for (const text of skillKindExamples[kind][lang]) out.push({ intent, text });
  }
  for (const [intent, phrases] of Object.entries(ownIntentExamples)) {
    for (const lang of detectedLanguages) for (const text of phrases[lang]) out.push({ intent, text });
  }
  for (const title of titles) out.push({ intent: "question", text: title });
  return out;
}

async function intentModel(db: Db, businessId: string, assistantId: string, skills: RunnableSkill[]): Promise<IntentModel> {
  const mine = and(eq(knowledgeItems.businessId, businessId), eq(knowledgeItems.assistantId, assistantId));
  const stamp = await knowledgeStamp(db, businessId, assistantId);
  const skillStamp = skills.map((s) => `${s.id}@${s.version}`).join(",");
  const booksServices = skills.some((s) => s.graph.nodes.some((n) => n.type === "appointment"));
  const [svc] = booksServices
    ? await db
        .select({ n: sql<number>`count(*)::int`, latest: sql<string | null>`max(${services.updatedAt})::text` })
        .from(services)
        .where(eq(services.businessId, businessId))
    : [];
  const serviceStamp = svc ? `${svc.n}:${svc.latest ?? ""}` : "";
  return cachedIndex(`intents:${businessId}:${assistantId}`, `${skillStamp}|${stamp.n}:${stamp.latest ?? ""}|${serviceStamp}`, async () => {
    const rows = await db.select({ title: knowledgeItems.title }).from(knowledgeItems).where(mine);
    const names = booksServices
      ? (
          await db
            .select({ name: services.name })
            .from(services)
            .where(and(eq(services.businessId, businessId), eq(services.active, true)))
        ).flatMap((r) => Object.values(r.name))
      : [];
    return trainIntents(
      examplesOf(
        skills,
        rows.map((r) => r.title),
        names,
      ),
    );
  });
}

/**
 * An allergy is only an allergy when the message names one (an allergen, an intolerance, traces): "mi
 * hijo tiene 7 años y necesita una revisión" shares its words with "mi hijo tiene una alergia grave",
 * and a person who knows the kitchen is no answer at a dental clinic. Without one, the ranking goes on
 * without the allergy intent.
 */
function withoutBareAllergy(c: Classification, text: string): Classification {
  if (!c.ranked.some((r) => r.intent === "allergy") || mentionsAllergy(text)) return c;
  const ranked = c.ranked.filter((r) => r.intent !== "allergy");
  const [first, second] = ranked;
  return { ranked, best: first && first.score >= CONFIDENT ? first : null, margin: first ? first.score - (second?.score ?? 0) : 0 };
}

/** What the message asks for among the business's skills and the intents no skill serves. */
export async function decideIntent(db: Db, businessId: string, assistantId: string, skills: RunnableSkill[], text: string): Promise<IntentDecision> {
  const model = await intentModel(db, businessId, assistantId, skills);
  const classification = withoutBareAllergy(classifyIntent(model, text, CONFIDENT), text);
  const intentOf = (name: string): Intent | null => {
    if (!name.startsWith("skill:")) return { kind: name as OwnIntent };
    const skill = skills.find((s) => `skill:${s.id}` === name);
    return skill ? { kind: "skill", skill } : null;
  };
  const best = classification.best;
  if (best && classification.margin >= MARGIN) return { intent: intentOf(best.intent), unsure: [], classification };
  // What no skill serves is safe to act on with less confidence: its worst case is a person offered.
  const top = classification.ranked[0];
  // ...and shares two words or more with its phrase: one common word ("es") is no evidence.
  if (top && !top.intent.startsWith("skill:") && top.score >= OWN && top.shared >= 2 && classification.margin >= OWN_MARGIN)
    return { intent: intentOf(top.intent), unsure: [], classification };
  const unsure = classification.ranked
    // A skill worth asking about shares two words with the message: one word is not even a doubt.
    .filter((r) => r.score >= UNSURE && r.shared >= 2 && r.intent.startsWith("skill:"))
    .slice(0, 2)
    .flatMap((r) => {
      const i = intentOf(r.intent);
      return i?.kind === "skill" ? [i.skill] : [];
    });
  // An own intent ahead of every skill keeps the message away from the skills even when unsure.
  if (top && !top.intent.startsWith("skill:") && top.score >= UNSURE) return { intent: null, unsure: [], classification };
  return { intent: null, unsure, classification };
}
