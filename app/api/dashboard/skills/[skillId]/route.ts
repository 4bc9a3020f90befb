import { z } from "zod";
import { withSession } from "@/lib/dashboard/handler";
import { skillIdSchema, skillUpsertIn } from "@/lib/skills/skill-schema";
import { deleteSkill, getSkill, setSkillEnabled, upsertSkill } from "@/lib/skills/skills";

const params = z.object({ skillId: skillIdSchema });

// GET /api/dashboard/skills/{id} - one skill with its graph and version.
export const GET = withSession({ role: "owner", params }, async ({ db, businessId, params }) => getSkill(db, businessId, params.skillId));

// PUT /api/dashboard/skills/{id} - create or replace; `expectedVersion` makes a concurrent save a 409 version_conflict
// (0 means "create only").
export const PUT = withSession({ role: "owner", params, body: skillUpsertIn }, async ({ db, businessId, params, body }) =>
  upsertSkill(db, businessId, params.skillId, body),
);

// PATCH /api/dashboard/skills/{id} - the list's enable toggle (does not touch the graph or the version).
export const PATCH = withSession({ role: "owner", params, body: z.object({ enabled: z.boolean() }) }, async ({ db, businessId, params, body }) =>
  setSkillEnabled(db, businessId, params.skillId, body.enabled),
);

// DELETE /api/dashboard/skills/{id}
export const DELETE = withSession({ role: "owner", params }, async ({ db, businessId, params }) => deleteSkill(db, businessId, params.skillId));
