import "server-only";
import { RateLimiterMemory } from "rate-limiter-flexible";

// Slows password guessing: after 10 failed attempts for one email in 15 minutes, refuse until the
// window passes (per server process). A successful sign-in clears the count.
const MAX_FAILURES = 10;
const failures = new RateLimiterMemory({ points: MAX_FAILURES, duration: 15 * 60, keyPrefix: "sign-in" });

export async function signInBlocked(email: string): Promise<boolean> {
  const state = await failures.get(email);
  return !!state && state.consumedPoints >= MAX_FAILURES;
}

export async function recordSignInFailure(email: string): Promise<void> {
  await failures.consume(email).catch(() => {});
}

export async function clearSignInFailures(email: string): Promise<void> {
  await failures.delete(email);
}
