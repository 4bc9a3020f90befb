import "server-only";
// Signing up lives here rather than in lib/auth: a new business is set up with its starter kit, which
// reaches the appointments, catalog and records domains (and they reach lib/auth).
import { z } from "zod";
import { createBusiness } from "../businesses/businesses";
import { onboardingAnswers, setUpBusiness } from "../businesses/onboarding";
import type { Db } from "../db/client";
import { applyStarterKit } from "./apply-kit";
import { createUser, type UserOut } from "../users/users";

export const signUpIn = z.object({
  businessName: z.string().trim().min(1, "Enter the business name.").max(200),
  name: z.string().trim().min(1, "Enter your name.").max(200),
  email: z.string().trim().max(320).email("Enter a valid email address."),
  password: z.string().min(8, "The password needs at least 8 characters.").max(200),
  // The onboarding questions (the sign-up page always asks them): the business's kind, languages,
  // time zone, opening hours and address give it a working assistant at once: the kind's starter kit
  // in the first language (lib/businesses/onboarding.ts, lib/starter-kits).
  onboarding: onboardingAnswers.optional(),
});

/**
 * A new business (with its first assistant and starting token grant) and its first owner, all or
 * nothing: a taken email leaves no orphan business behind.
 */
export async function signUpOwner(db: Db, input: z.infer<typeof signUpIn>): Promise<{ businessId: string; user: UserOut }> {
  return db.transaction(async (tx) => {
    const { businessId, assistantId } = await createBusiness(tx, { name: input.businessName, timeZone: input.onboarding?.timeZone });
    const answers = input.onboarding;
    if (answers) {
      await setUpBusiness(tx, businessId, assistantId, answers);
      await applyStarterKit(tx, businessId, assistantId, {
        kind: answers.kind,
        language: answers.languages[0],
        languages: answers.languages,
        hours: answers.hours,
        address: answers.address,
      });
    }
    const user = await createUser(tx, { businessId, email: input.email, password: input.password, name: input.name, role: "owner" });
    return { businessId, user };
  });
}
