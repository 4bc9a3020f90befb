import { z } from "zod";
import { recordAudit } from "../../audit/record";
import { changeOwnPassword } from "../../auth/change-password";
import { auditOf } from "../audit";
import { memberId } from "../caller";
import { defineOperation } from "../operation";

// The signed-in member's own account (internal; every member, owner or agent).

export const accountPassword = defineOperation({
  id: "internal-account-password",
  method: "POST",
  path: "/internal/account/password",
  internal: true,
  tag: "Account",
  summary: "Change one's own password; every session of the member ends",
  body: z.object({
    currentPassword: z.string().min(1, "Enter your current password.").max(200),
    newPassword: z.string().min(8, "The new password needs at least 8 characters.").max(200),
  }),
  response: z.object({ changed: z.literal(true) }),
  handler: async (ctx, { body }) => {
    const userId = memberId(ctx.caller);
    await changeOwnPassword(ctx.db, ctx.businessId, userId, body, (tx) =>
      recordAudit(tx, { ...auditOf(ctx), action: "account.password_changed", target: { type: "user", id: userId } }),
    );
    return { changed: true as const };
  },
});
