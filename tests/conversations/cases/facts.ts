// Language-independent facts for `replyHas`: times and prices in the ways a reply may write them, and
// the few per-language words a reply must carry when its point is a refusal (closed, past, too big).
import type { Lang } from "../types";

/** 20:00 as "20:00", "20h", "20h00", "20.00" or "8pm" / "8:00 pm"; 20:30 as "20:30", "20h30", "8:30pm". */
export function at(h: number, m = 0): RegExp {
  const mm = String(m).padStart(2, "0");
  const h12 = h > 12 ? h - 12 : h;
  const ampm = h >= 12 ? "p\\.?\\s?m\\.?" : "a\\.?\\s?m\\.?";
  const alts = [`${h}[:h.]${mm}`];
  if (m === 0) alts.push(`${h}\\s?h(?![0-9])`, `${h12}(?::00)?\\s?${ampm}`);
  else alts.push(`${h12}[:.]${mm}\\s?${ampm}`);
  return new RegExp(`(?<![0-9])(?:${alts.join("|")})`, "i");
}

/** 28.50 EUR as "28.50 EUR", "28,50 €", "€28.50"; 22.00 EUR also as "22 €" or "22 euros". */
export function eur(cents: number): RegExp {
  const whole = Math.floor(cents / 100);
  const frac = String(cents % 100).padStart(2, "0");
  const n = frac === "00" ? `${whole}(?:[.,]00)?` : `${whole}[.,]${frac}`;
  return new RegExp(`(?:€\\s?${n}(?![0-9])|(?<![0-9.,])${n}\\s?(?:€|eur(?:os?)?)(?![a-z]))`, "i");
}

export const CLOSED: Record<Lang, RegExp> = {
  en: /closed|not open|don't open|do not open|only open|we open|open from|opening hours/i,
  pt: /fechad|encerrad|nao abrimos|nao estamos abertos|so abrimos|abrimos (as|das|a partir)|horario|folga/i,
  es: /cerrad|no abrimos|no estamos abiertos|solo abrimos|abrimos (a las|de|desde)|horario|descanso/i,
};

export const PAST: Record<Lang, RegExp> = {
  en: /past|already|gone|earlier than/i,
  pt: /passou|passad|ja foi|ja e|ja sao/i,
  es: /pasad|ya (ha|es|son)|ya paso/i,
};

/** What a reply to small talk or a plain question must never be. */
export const NO_ANSWER =
  /don't have an answer|do not have an answer|nao tenho (uma )?resposta|no tengo (una )?respuesta|didn't understand|nao percebi|no entendi/i;

/** A skill's validation nag, wrong when the customer asked something else. */
export const NAG = /reply with a number|responda com um numero|responde con un numero|please reply|try something like/i;
