import "server-only";
import type { Db } from "../db/client";
import { seedDemo } from "./seed-demo";
import { seedSalonDemo } from "./seed-salon-demo";

// Which demo `npm start` creates on a fresh embedded database (docs/starter-kits.md): the bistro (the
// default), the salon, or both. `DEMO=salon npm start` chooses; a terminal is asked once.

export const demoChoices = ["bistro", "salon", "both"] as const;
export type DemoChoice = (typeof demoChoices)[number];
export const DEFAULT_DEMO: DemoChoice = "bistro";

/** The choice a DEMO value or an answer names (blank is the default; anything else null). */
export function parseDemoChoice(value: string | undefined): DemoChoice | null {
  const v = (value ?? "").trim().toLowerCase();
  if (!v) return DEFAULT_DEMO;
  return (demoChoices as readonly string[]).includes(v) ? (v as DemoChoice) : null;
}

export type SeededDemo = { name: string; businessId: string; apiKey: string; user: { email: string; password: string } | null };

/** Seeds the chosen demos, each with its own owner account. */
export async function seedDemos(db: Db, choice: DemoChoice): Promise<SeededDemo[]> {
  const out: SeededDemo[] = [];
  if (choice !== "salon") {
    const bistro = await seedDemo(db);
    out.push({ name: "Demo Bistro", businessId: bistro.businessId, apiKey: bistro.apiKey, user: bistro.user });
  }
  if (choice !== "bistro") {
    const salon = await seedSalonDemo(db);
    if (salon) out.push({ name: "Demo Salon", businessId: salon.businessId, apiKey: salon.apiKey, user: salon.user });
  }
  return out;
}
