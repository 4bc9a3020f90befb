import "server-only";
import { recordAudit, recordFailedSignIn } from "../audit/record";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { type SessionUser, verifyCredentials } from "../users/users";
import { rules, throttleAdmit, throttleForgive, throttleKeys, waitMessage } from "./throttle";
import { metrics } from "../observability/metrics";

/**
 * Email and password from one client address. Guesses are throttled per address and email together
 * (and per address over all emails), never per email alone: a stranger hammering an owner's email
 * from elsewhere slows only themselves, and the owner signs in from their own address as usual.
 * Null for a wrong email or password; a throttled attempt throws `rate_limited` without checking.
 * A right password takes back only its own attempt: it never wipes the guesses counted before it, since
 * one email may have accounts in several businesses and a success in one (an account anyone can make
 * by inviting the email) must not buy more guesses at another's password.
 * Both outcomes go to the audit trail (docs/audit.md); a throttled attempt, never checked, does not.
 */
export async function signInWithPassword(db: Db, input: { email: string; password: string; address: string }): Promise<SessionUser | null> {
  const email = input.email.trim().toLowerCase();
  if (!email || !input.password) return null;
  const pair = { key: throttleKeys.signInPair(input.address, email), rule: rules.signInPair };
  const address = { key: throttleKeys.signInAddress(input.address), rule: rules.signInAddress };
  const wait = await throttleAdmit(db, [pair, address]);
  if (wait > 0) {
    metrics().rateLimitRefusals.inc({ limiter: "sign_in" });
    throw new AppError("rate_limited", waitMessage(wait), undefined, { "Retry-After": String(Math.ceil(wait / 1000)) });
  }
  const user = await verifyCredentials(db, email, input.password);
  if (user) {
    await throttleForgive(db, pair.key, pair.rule);
    await throttleForgive(db, address.key, address.rule);
    await recordAudit(db, {
      businessId: user.businessId,
      actor: { type: "user", id: user.id, label: user.email },
      ip: input.address,
      action: "auth.signed_in",
      target: { type: "user", id: user.id },
    });
  } else {
    // One statement, the same for an unknown email (it inserts nothing) as for a known one.
    await recordFailedSignIn(db, email, input.address);
  }
  return user;
}
