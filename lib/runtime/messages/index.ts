import type { Language } from "../../language";
import { de } from "./de";
import { en, type MessageKey } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import { pt } from "./pt";

// Every sentence the runtime says on its own (no skill, no knowledge item wrote it), one file per
// language, key for key the same (the types refuse a missing one). English, European Portuguese and
// Spanish are the languages the assistant detects and answers in; French and German remain for a
// request for a person in them and for assistants set to one of them.

export type { MessageKey };

const catalog: Record<Language, Record<MessageKey, string>> = { en, pt, es, fr, de };

export type MessageVars = Record<string, string | number>;

/** The sentence `key` in `language`, with each `{name}` replaced by `vars.name`. */
export function t(language: Language, key: MessageKey, vars: MessageVars = {}): string {
  return catalog[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export const messageKeys = Object.keys(en) as MessageKey[];
