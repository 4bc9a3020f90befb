import type { Language } from "../../language";

// A skill as customers read its name: the owner's name in the customer's language when the skill has
// one (skills.names: "Reservas de mesa"), else its one name.

export type Named = { name: string; names?: Partial<Record<string, string>> | null };

export function skillNameIn(skill: Named, lang: Language): string {
  return skill.names?.[lang]?.trim() || skill.name;
}

/** Whether the skill has a name of its own in `lang` (so a list can name it without any other help). */
export const hasNameIn = (skill: Named, lang: Language): boolean => !!skill.names?.[lang]?.trim();
