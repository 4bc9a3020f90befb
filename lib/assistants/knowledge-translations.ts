import { createHash } from "node:crypto";
import { francAll } from "franc-min";
import type { StoredKnowledgeTranslation, StoredKnowledgeTranslations } from "../db/schema/knowledge-items";
import { invalid } from "../errors";
import { type ContentLanguage, contentLanguages, type KnowledgeTranslationOut } from "../shared/assistant-schema";

// A knowledge item's versions in other languages: which text answers a customer in their language,
// what the owner's edits do to the stored versions, and how a version knows it is older than the text.

type Text = { title: string; content: string };
type Item = Text & { language: string | null; translations: StoredKnowledgeTranslations };

const francCodes: Record<string, ContentLanguage> = { eng: "en", por: "pt", spa: "es" };

const isContentLanguage = (l: unknown): l is ContentLanguage => typeof l === "string" && (contentLanguages as readonly string[]).includes(l);

/** The language an owner wrote a text in, when they did not say: franc over the three (a knowledge text is sentences). */
export function readLanguage(text: Text, fallback: ContentLanguage = "en"): ContentLanguage {
  const [[top] = [""]] = francAll(`${text.title}. ${text.content}`, { only: Object.keys(francCodes), minLength: 10 });
  return francCodes[top] ?? fallback;
}

/** The item's own language: as stored, else read from its text. */
export function itemLanguage(item: Text & { language: string | null }): ContentLanguage {
  return isContentLanguage(item.language) ? item.language : readLanguage(item);
}

/** A short fingerprint of the item's own text: a version made from other text is outdated. */
export function fingerprint(text: Text): string {
  return createHash("sha256").update(`${text.title}\n${text.content}`).digest("hex").slice(0, 16);
}

export type Version = Text & { language: ContentLanguage; origin: "own" | "owner" | "machine" };

/** The text to answer a customer writing in `lang` with: the item's own, else its version in that language, else null. */
export function versionIn(item: Item, lang: string): Version | null {
  const own = itemLanguage(item);
  if (own === lang) return { title: item.title, content: item.content, language: own, origin: "own" };
  if (!isContentLanguage(lang)) return null;
  const v = item.translations[lang];
  return v ? { title: v.title, content: v.content, language: lang, origin: v.origin } : null;
}

/** The stored versions as the API shows them. */
export function translationsView(item: Item): Partial<Record<ContentLanguage, KnowledgeTranslationOut>> {
  const source = fingerprint(item);
  const out: Partial<Record<ContentLanguage, KnowledgeTranslationOut>> = {};
  for (const lang of contentLanguages) {
    const v = item.translations[lang];
    if (v)
      out[lang] = {
        title: v.title,
        content: v.content,
        origin: v.origin,
        reviewed: v.reviewed,
        outdated: v.source !== source,
        updatedAt: v.updatedAt,
      };
  }
  return out;
}

/** The served languages this item has no version in (its own language counts as one). */
export function missingLanguages(item: Item, served: readonly string[]): ContentLanguage[] {
  const own = itemLanguage(item);
  return served.filter(isContentLanguage).filter((l) => l !== own && !item.translations[l]);
}

/**
 * The versions after an owner's edit. A changed text drops the machine versions made from the old one
 * (they are made again when needed) and keeps the owner's own, which then show as outdated. A version
 * the owner sends is theirs and reviewed, unless it is exactly the stored machine translation: that
 * approves it. null removes a version. A version in the item's own language is refused.
 */
export function editedTranslations(
  before: StoredKnowledgeTranslations,
  text: Text,
  own: ContentLanguage,
  textChanged: boolean,
  input: Partial<Record<ContentLanguage, Text | null>> | undefined,
): StoredKnowledgeTranslations {
  const source = fingerprint(text);
  const now = new Date().toISOString();
  const next: StoredKnowledgeTranslations = {};
  for (const lang of contentLanguages) {
    const v = before[lang];
    if (v && lang !== own && !(textChanged && v.origin === "machine")) next[lang] = v;
  }
  for (const [lang, given] of Object.entries(input ?? {}) as Array<[ContentLanguage, Text | null]>) {
    if (lang === own && given) {
      throw invalid([
        { path: `translations.${lang}`, message: `is the item's own language (${own}): change title and content instead, or set language.` },
      ]);
    }
    if (given === null) {
      delete next[lang];
      continue;
    }
    const stored = next[lang];
    const approves = stored?.origin === "machine" && stored.title === given.title && stored.content === given.content;
    const version: StoredKnowledgeTranslation = approves
      ? { ...stored, reviewed: true, updatedAt: now }
      : { title: given.title, content: given.content, origin: "owner", reviewed: true, source, updatedAt: now };
    next[lang] = version;
  }
  return next;
}

/** A machine translation as stored: unreviewed, made from the item's current text. */
export function machineVersion(text: Text, translated: Text): StoredKnowledgeTranslation {
  return { ...translated, origin: "machine", reviewed: false, source: fingerprint(text), updatedAt: new Date().toISOString() };
}
