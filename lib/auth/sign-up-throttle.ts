import "server-only";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { rules, throttleAdmit, throttleKeys, waitMessage } from "./throttle";
import { metrics } from "../observability/metrics";

/** Every new business gets a token grant, so sign-ups are throttled per client address (SIGN_UPS_PER_ADDRESS a day free). */
export async function assertSignUpAllowed(db: Db, address: string): Promise<void> {
  const wait = await throttleAdmit(db, [{ key: throttleKeys.signUpAddress(address), rule: rules.signUpAddress() }]);
  if (wait > 0) {
    metrics().rateLimitRefusals.inc({ limiter: "sign_up" });
    throw new AppError("rate_limited", waitMessage(wait), undefined, { "Retry-After": String(Math.ceil(wait / 1000)) });
  }
}
