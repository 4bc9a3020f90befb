import type { ContentLanguage } from "@/lib/shared/assistant-schema";

// The three languages the assistant answers customers in, as the dashboard names them.

export const languageNames: Record<ContentLanguage, string> = { en: "English", pt: "Portuguese", es: "Spanish" };

export const languageOptions = (Object.keys(languageNames) as ContentLanguage[]).map((value) => ({ value, label: languageNames[value] }));
