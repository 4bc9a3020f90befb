import type { BusinessKind } from "../businesses/onboarding";
import type { PaymentMethod } from "../shared/business-facts-schema";
import type { KitWeekly } from "../shared/starter-kit-hours";

// What a starter kit is: plain data, one module per kind of business, every text in English,
// Portuguese and Spanish. Applying one (apply-kit.ts) writes it through the domain functions.

export const kitLanguages = ["en", "pt", "es"] as const;
export type KitLanguage = (typeof kitLanguages)[number];
export type KitText = Record<KitLanguage, string>;
type Money = { amount: number; currency: string };

export type StarterKit = {
  kind: BusinessKind;
  /** Keys of STARTER_SKILLS (lib/skills/starter-skills.ts); a key not there (yet) is skipped. */
  skills: string[];
  settings: {
    /** The assistant's tone and how it greets, as its instructions (what a language model follows). */
    tone: KitText;
    greeting: KitText;
    /** Said after a handoff outside the hours; {{opens}} becomes when a person replies. */
    awayMessage: KitText;
  };
  facts: {
    paymentMethods: PaymentMethod[];
    delivery?: { offered: boolean; fee?: Money; freeFrom?: Money; radiusKm?: number };
    pickup?: { offered: boolean };
  };
  knowledge: Array<{ title: KitText; content: KitText }>;
  hours: KitWeekly;
  /** Sample staff members (salon or clinic): their weekly hours and breaks. */
  staff: Array<{ name: string; weekly: KitWeekly; breaks: KitWeekly }>;
  /** Sample services; `staff` names the sample staff members who perform it, by position. */
  services: Array<{ name: KitText; description: KitText; durationMinutes: number; bufferAfterMinutes: number; price: Money; staff: number[] }>;
  /** Sample catalog items (a restaurant's menu, a shop's products), in the collection the kit's skills read. */
  catalog: { collection: string; items: Array<{ externalId: string; title: KitText; description: KitText; price: Money }> } | null;
};

export const eur = (amount: number): Money => ({ amount, currency: "EUR" });
