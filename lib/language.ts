// The languages the product speaks, as one list with one subset. `Language` is every language the
// assistant has its own sentences in (lib/runtime/messages): a business may fix its assistant to any
// of them, and a request for a person is recognised in each. `DetectedLanguage` is the part of it the
// assistant reads in a customer's message and answers in end to end (detection, dialogue phrases,
// away notices); conversations.language stores one of these.

export const languages = ["en", "pt", "es", "fr", "de"] as const;
export type Language = (typeof languages)[number];

export const detectedLanguages = ["en", "pt", "es"] as const satisfies readonly Language[];
export type DetectedLanguage = (typeof detectedLanguages)[number];

export const isLanguage = (code: unknown): code is Language => typeof code === "string" && (languages as readonly string[]).includes(code);

export const isDetectedLanguage = (code: unknown): code is DetectedLanguage =>
  typeof code === "string" && (detectedLanguages as readonly string[]).includes(code);
