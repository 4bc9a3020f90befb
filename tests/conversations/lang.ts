// Which of the three languages a reply is written in: franc-min restricted to English, Portuguese and
// Spanish, nudged by words only one of them uses (franc alone confuses short Portuguese and Spanish
// lines, especially ones full of menu names and prices). The owner's own English words (knowledge items
// quoted as written, menu titles) are removed first: quoting them is not answering in English.
import { francAll } from "franc-min";
import { fold } from "./outcome";
import type { Lang } from "./types";

const ISO: Record<string, Lang> = { eng: "en", por: "pt", spa: "es" };

// Words (accent-folded) that are common in one language and absent or rare in the other two.
const MARKERS: Record<Lang, string[]> = {
  en: [
    "the",
    "you",
    "your",
    "please",
    "sorry",
    "thanks",
    "thank",
    "would",
    "what",
    "how",
    "we",
    "are",
    "is",
    "it",
    "and",
    "with",
    "people",
    "table",
    "booked",
    "order",
    "when",
    "which",
    "shall",
    "here",
    "there",
    "name",
    "time",
  ],
  pt: [
    "nao",
    "voce",
    "voces",
    "obrigado",
    "obrigada",
    "sao",
    "tambem",
    "ate",
    "pessoas",
    "amanha",
    "hoje",
    "quer",
    "queria",
    "encomenda",
    "morada",
    "levantar",
    "nos",
    "temos",
    "uma",
    "um",
    "da",
    "dos",
    "das",
    "na",
    "ao",
    "as",
    "em",
    "qual",
    "quantas",
    "quantos",
    "feita",
    "fica",
    "esta",
    "isso",
    "entao",
    "ja",
    "nome",
    "hora",
    "dia",
    "sim",
    "boa",
    "ola",
    "ajudar",
    "desculpe",
    "estamos",
    "fechados",
    "abertos",
    "marcada",
    "marcacao",
    // Weekdays and the shop's hours: Portuguese counts its weekdays ("segunda-feira"), Spanish names them.
    "segunda",
    "terca",
    "quarta",
    "sexta",
    "feira",
    "fechado",
    "fechada",
    "nosso",
    "nossa",
  ],
  es: [
    "usted",
    "gracias",
    "manana",
    "hoy",
    "personas",
    "pedido",
    "direccion",
    "recoger",
    "el",
    "la",
    "los",
    "las",
    "del",
    "al",
    "y",
    "es",
    "muy",
    "cuantas",
    "cuantos",
    "hemos",
    "tenemos",
    "nombre",
    "hasta",
    "hora",
    "dia",
    "si",
    "hola",
    "ayudar",
    "perdona",
    "lo",
    "siento",
    "estamos",
    "cerrados",
    "abiertos",
    "reservada",
    "vale",
    "pues",
    "donde",
    "esta",
    "lunes",
    "martes",
    "miercoles",
    "jueves",
    "viernes",
    "cerrado",
    "cerrada",
    "nuestro",
    "nuestra",
  ],
};
// Shared by pt and es: no evidence either way.
const SHARED = new Set(MARKERS.pt.filter((w) => MARKERS.es.includes(w)));

export function stripOwnerWords(text: string, ownerTexts: string[]): string {
  const escapeRegExp = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  let out = text;
  for (const t of ownerTexts) {
    if (t.length < 3) continue;
    // Whole, then sentence by sentence (a reply may quote part of a knowledge item); any case.
    for (const part of [t, ...t.split(/(?<=[.;:])\s+/).filter((p) => p.length >= 12)]) out = out.replace(new RegExp(escapeRegExp(part), "gi"), " ");
  }
  return out;
}

export function letters(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}

/** The language of a reply, or null when it is too short to tell. */
export function detectLang(text: string): { lang: Lang | null; scores: Record<Lang, number> } {
  const scores: Record<Lang, number> = { en: 0, pt: 0, es: 0 };
  if (letters(text) < 20) return { lang: null, scores };
  for (const [code, score] of francAll(text, { only: ["eng", "por", "spa"], minLength: 1 })) scores[ISO[code]] = score;
  const words = fold(text)
    .split(/[^a-z]+/)
    .filter(Boolean);
  const hits: Record<Lang, number> = { en: 0, pt: 0, es: 0 };
  for (const w of words) for (const lang of ["en", "pt", "es"] as Lang[]) if (MARKERS[lang].includes(w) && !SHARED.has(w)) hits[lang]++;
  if (/[¿¡ñ]/.test(text)) hits.es += 2;
  if (/[ãõ]|ção|ções/.test(text)) hits.pt += 2;
  const total = Math.max(1, words.length);
  for (const lang of ["en", "pt", "es"] as Lang[]) scores[lang] += (hits[lang] / total) * 2;
  const lang = (Object.entries(scores) as Array<[Lang, number]>).sort((a, b) => b[1] - a[1])[0][0];
  return { lang, scores };
}

// English that should never reach a Portuguese or Spanish customer: canned texts and skill prompts.
const ENGLISH_CANNED =
  /\b(please|sorry|reply with|write "?(book|order|menu)"?|thank you|you're|would you|how many|shall i|what is|don't have an answer|let me get|someone from our team)\b/i;

export function englishCanned(text: string): string | null {
  return ENGLISH_CANNED.exec(text)?.[0] ?? null;
}
