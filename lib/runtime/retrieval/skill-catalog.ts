import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { skills } from "../../db/schema";
import type { SkillGraph } from "../../shared/graph-schema";
import { skillGraphAt } from "../../skills/skills";
import { validateGraph } from "../../shared/validate-graph";
import { longestPhraseMatch, normalize } from "../understanding/text-match";
import type { SkillBrief } from "../base/turn-brief";
import type { SkillRow } from "../base/turn-context";
import { componentLogger } from "../../observability/log";

// The skills a turn can run: the assistant's enabled skills (which one a message means is decided by
// skill-intents.ts), and the exact version a session started on. A saved version never changes, so its checked graph is kept in memory.

export type RunnableSkill = {
  id: string;
  name: string;
  version: number;
  graph: SkillGraph;
  keywords: string[];
  description: string;
  /** The owner's example phrases (the intent classifier learns from them). */
  examples: Array<{ lang: string; text: string }>;
  /** The name in other languages, as customers read it ("Reservas de mesa"). */
  names: Partial<Record<"en" | "pt" | "es", string>>;
};

const checked = new Map<string, SkillGraph | null>();

/** The graph of a skill version, validated with the one validator; null when it does not validate. */
function checkedGraph(businessId: string, id: string, version: number, raw: unknown): SkillGraph | null {
  const key = `${businessId}\u0000${id}\u0000${version}`;
  if (!checked.has(key)) {
    const result = validateGraph(raw);
    if (!result.ok)
      componentLogger("assistant").warn(
        { businessId, skillId: id, version, problems: result.problems.length },
        "skill does not validate; it is not run",
      );
    if (checked.size > 2000) checked.delete(checked.keys().next().value as string);
    checked.set(key, result.ok ? result.graph : null);
  }
  return checked.get(key) ?? null;
}

export async function graphAtVersion(db: Db, businessId: string, id: string, version: number): Promise<SkillGraph | null> {
  const raw = await skillGraphAt(db, businessId, id, version);
  return raw ? checkedGraph(businessId, id, version, raw) : null;
}

/** graphAtVersion for a graph already read (the turn reads its session's with the turn: lib/runtime/turn/turn.ts). */
export function storedGraph(businessId: string, id: string, version: number, raw: unknown): SkillGraph | null {
  return raw ? checkedGraph(businessId, id, version, raw) : null;
}

export async function enabledSkills(db: Db, businessId: string, assistantId: string): Promise<RunnableSkill[]> {
  const rows = await db
    .select()
    .from(skills)
    .where(and(eq(skills.businessId, businessId), eq(skills.assistantId, assistantId), eq(skills.enabled, true)))
    .orderBy(asc(skills.createdAt), asc(skills.id));
  return runnableSkills(businessId, rows);
}

/** enabledSkills for rows already read, in their order (created first). */
export function runnableSkills(businessId: string, rows: SkillRow[]): RunnableSkill[] {
  return rows.flatMap((row) => {
    const graph = checkedGraph(businessId, row.id, row.version, row.graph);
    const trigger = graph?.nodes.find((n) => n.type === "trigger");
    if (!graph || trigger?.type !== "trigger") return [];
    return [
      {
        id: row.id,
        name: row.name,
        version: row.version,
        graph,
        keywords: trigger.data.keywords,
        description: trigger.data.description ?? "",
        examples: row.examples ?? [],
        names: row.names ?? {},
      },
    ];
  });
}

/** The skill whose trigger phrase the message holds (the longest phrase wins; then the oldest skill). */
export function matchTrigger(text: string, candidates: RunnableSkill[]): RunnableSkill | null {
  let best: { skill: RunnableSkill; length: number } | null = null;
  for (const skill of candidates) {
    const phrase = longestPhraseMatch(text, skill.keywords);
    const length = phrase ? normalize(phrase).length : 0;
    if (phrase && (!best || length > best.length)) best = { skill, length };
  }
  return best?.skill ?? null;
}

export const skillBriefs = (list: RunnableSkill[]): SkillBrief[] =>
  list.map((s) => ({ id: s.id, name: s.name, description: s.description, keywords: s.keywords }));

/**
 * Words a skill's catalog search skips in the message that started it: the trigger phrases and the
 * skill's own choices ("order something for pickup" searches the menu for nothing, not "pickup").
 */
export function searchIgnored(skill: RunnableSkill): string[] {
  const choices = skill.graph.nodes.flatMap((n) => {
    if (n.type !== "question" || n.data.kind !== "choice" || n.data.confirm) return [];
    const d = n.data;
    return [...(d.choices ?? []), ...Object.values(d.choiceTexts ?? {}).flat(), ...Object.values(d.synonyms ?? {}).flat()];
  });
  return [...skill.keywords, ...choices];
}
