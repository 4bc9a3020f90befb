import { z } from "zod";
import { withSession } from "@/lib/dashboard/handler";
import { createUser, listUsers } from "@/lib/users/users";

const invite = z.object({
  email: z.string().trim().max(320).email("Enter a valid email address."),
  name: z.string().trim().min(1, "Enter their name.").max(200),
  password: z.string().min(8, "The temporary password needs at least 8 characters.").max(200),
  role: z.enum(["owner", "agent"]),
});

// GET /api/dashboard/team - the business's staff.
export const GET = withSession({ role: "owner" }, async ({ db, businessId }) => ({ data: await listUsers(db, businessId) }));

// POST /api/dashboard/team - invite a teammate by creating their account with a temporary password.
export const POST = withSession({ role: "owner", body: invite }, async ({ db, businessId, body }) => createUser(db, { businessId, ...body }));
