import "server-only";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { changePassword } from "../users/users";
import { rules, throttleAdmit, throttleClear, throttleKeys, waitMessage } from "./throttle";
import { metrics } from "../observability/metrics";

/** changePassword, throttled per user: a borrowed session cannot guess the current password at speed. */
export async function changeOwnPassword(
  db: Db,
  businessId: string,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  alsoInTransaction?: (tx: Db) => Promise<void>,
) {
  const key = throttleKeys.passwordChange(userId);
  const wait = await throttleAdmit(db, [{ key, rule: rules.passwordChange }]);
  if (wait > 0) {
    metrics().rateLimitRefusals.inc({ limiter: "password" });
    throw new AppError("rate_limited", waitMessage(wait), undefined, { "Retry-After": String(Math.ceil(wait / 1000)) });
  }
  await changePassword(db, businessId, userId, input, alsoInTransaction);
  await throttleClear(db, key);
}
