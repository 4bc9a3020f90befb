import { z } from "zod";
import { changeOwnPassword } from "@/lib/auth/change-password";
import { withSession } from "@/lib/dashboard/handler";

const body = z.object({
  currentPassword: z.string().min(1, "Enter your current password.").max(200),
  newPassword: z.string().min(8, "The new password needs at least 8 characters.").max(200),
});

// POST /api/dashboard/account/password - change one's own password; every session of the user ends
// (the page signs in again with the new password).
export const POST = withSession({ body }, async ({ db, businessId, userId, body }) => {
  await changeOwnPassword(db, businessId, userId, body);
  return { changed: true };
});
