import { z } from "zod";
import { skillIdSchema, skillOut, skillSummaryOut, skillUpsertIn, skillUpsertOut } from "../../shared/skill-schema";
import { deleteSkill, getSkill, listSkills, setSkillEnabled, upsertSkill } from "../../skills/skills";
import { defineOperation } from "../operation";
import { pageOf, pageQuery, returns } from "./common";

export const skillsList = defineOperation({
  id: "skills-list",
  method: "GET",
  path: "/skills",
  scope: "skills:read",
  tag: "Skills",
  summary: "List skills",
  query: pageQuery,
  response: pageOf(skillSummaryOut),
  handler: async (ctx, { query }) => listSkills(ctx.db, ctx.businessId, query),
});

export const skillsGet = defineOperation({
  id: "skills-get",
  method: "GET",
  path: "/skills/{skillId}",
  scope: "skills:read",
  tag: "Skills",
  summary: "Read a skill with its graph",
  params: z.object({ skillId: z.string().min(1).max(100).meta({ example: "sk_booking" }) }),
  response: skillOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) => getSkill(ctx.db, ctx.businessId, params.skillId),
});

export const skillsUpsert = defineOperation({
  id: "skills-upsert",
  method: "PUT",
  path: "/skills/{skillId}",
  scope: "skills:write",
  tag: "Skills",
  summary: "Create or replace a skill",
  description:
    "The graph is validated (docs/skill-graph.md); an invalid graph is 400 with one detail per problem. Warnings are returned, never refused. `examples` (phrases customers might write to mean the skill, each with its language) teach the assistant's intent classifier from the next message on; at most 50 of 2..200 characters, else 400; omitted, the skill keeps the phrases it has.",
  params: z.object({ skillId: skillIdSchema.meta({ example: "sk_booking" }) }),
  body: skillUpsertIn,
  response: skillUpsertOut,
  errors: ["version_conflict"],
  handler: async (ctx, { params, body }) => upsertSkill(ctx.db, ctx.businessId, params.skillId, body),
});

// The skill list's toggle and delete (internal, owners only).

const skillParam = z.object({ skillId: skillIdSchema });

export const skillsSetEnabled = defineOperation({
  id: "internal-skills-set-enabled",
  method: "PATCH",
  path: "/internal/skills/{skillId}",
  scope: "skills:write",
  internal: true,
  role: "owner",
  tag: "Skills",
  summary: "The skill list's enable toggle (does not touch the graph or the version)",
  params: skillParam,
  body: z.object({ enabled: z.boolean() }),
  response: returns<Awaited<ReturnType<typeof setSkillEnabled>>>(),
  handler: async (ctx, { params, body }) => setSkillEnabled(ctx.db, ctx.businessId, params.skillId, body.enabled),
});

export const skillsDelete = defineOperation({
  id: "internal-skills-delete",
  method: "DELETE",
  path: "/internal/skills/{skillId}",
  scope: "skills:write",
  internal: true,
  role: "owner",
  tag: "Skills",
  summary: "Delete a skill",
  params: skillParam,
  response: returns<Awaited<ReturnType<typeof deleteSkill>>>(),
  handler: async (ctx, { params }) => deleteSkill(ctx.db, ctx.businessId, params.skillId),
});
