import { z } from "zod";

// How a message names its customer (issue 37): an E.164 phone ("+14155550123") or WhatsApp's
// business-scoped user id, a BSUID ("US.13491208655302741918": a country code, a dot, up to 128
// letters and digits; a parent BSUID has ".ENT" after the country). The two never look alike, so one
// string field (`to`, `from`) carries either and its shape says which.

export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
export const BSUID_PATTERN = /^[A-Z]{2}(?:\.ENT)?\.[A-Za-z0-9]{1,128}$/;
/** A WhatsApp username as Meta shows it: letters, digits, dots and underscores, with or without the leading @. */
export const USERNAME_PATTERN = /^@?[A-Za-z0-9._]{3,35}$/;

export const isBsuid = (s: string): boolean => BSUID_PATTERN.test(s);
export const isE164 = (s: string): boolean => E164_PATTERN.test(s);

export const waUserIdSchema = z
  .string()
  .regex(BSUID_PATTERN, "Must be a WhatsApp business-scoped user id such as US.13491208655302741918.")
  .meta({ example: "US.13491208655302741918" });

/** Usernames are stored with their @, however they were given. */
export const usernameSchema = z
  .string()
  .regex(USERNAME_PATTERN, "Must be a WhatsApp username such as @sheena (3 to 35 letters, digits, dots or underscores).")
  .transform((u) => (u.startsWith("@") ? u : `@${u}`))
  .meta({ example: "@sheena" });

/** A customer to send to: a phone or a BSUID. */
export const addressSchema = z
  .string()
  .refine(
    (s) => isE164(s) || isBsuid(s),
    "Must be an E.164 phone number such as +14155550123 or a WhatsApp business-scoped user id such as US.13491208655302741918.",
  )
  .meta({ example: "+14155550123" });

/** The one address a contact is reached at: its phone when known (Meta's advice), else its BSUID. */
export function contactAddress(c: { phone: string | null; waUserId?: string | null }): string | null {
  return c.phone ?? c.waUserId ?? null;
}

/** What to show for a contact where a phone used to be: phone, username or BSUID. */
export function contactLabel(c: { phone: string | null; waUserId?: string | null; username?: string | null }): string {
  return c.phone ?? c.username ?? c.waUserId ?? "(no number)";
}

/** Every identifier a contact has, for a line under its name: "+14155550123 · @sheena · US.1349…". */
export function contactIdentifiers(c: { phone: string | null; waUserId?: string | null; username?: string | null }): string {
  return [c.phone, c.username, c.waUserId].filter(Boolean).join(" · ");
}
