import { z } from "zod";
import { withSession } from "@/lib/dashboard/handler";
import { removeMember, setMemberRole } from "@/lib/users/users";

const params = z.object({ userId: z.string().min(1).max(100) });
const change = z.object({ role: z.enum(["owner", "agent"]) });

// PATCH /api/dashboard/team/{userId} - make a member an owner or an agent; their sessions end.
export const PATCH = withSession({ role: "owner", params, body: change }, async ({ db, businessId, params, body }) =>
  setMemberRole(db, businessId, params.userId, body.role),
);

// DELETE /api/dashboard/team/{userId} - remove a member: their sessions end at once.
export const DELETE = withSession({ role: "owner", params }, async ({ db, businessId, params }) => {
  await removeMember(db, businessId, params.userId);
  return { id: params.userId, removed: true };
});
