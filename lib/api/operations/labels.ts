import { z } from "zod";
import { createLabel, deleteLabel, listLabels, updateLabel } from "../../conversations/labels";
import { labelIn, labelOut, labelPatch } from "../../shared/label-schema";
import { defineOperation } from "../operation";
import { idParam } from "./common";

// Conversation labels (issue 36): owners manage them (labels:write, which agents lack); agents read
// them (labels:read) and put them on conversations (conversations:write).

const labelParam = idParam("labelId", "lbl_01JD7X4S9C8A3K2M5N6P7Q8R9T");

export const labelsList = defineOperation({
  id: "labels-list",
  method: "GET",
  path: "/labels",
  scope: "labels:read",
  tag: "Labels",
  summary: "List the business's conversation labels, by name",
  description: "At most 100 per business, all in one answer.",
  response: z.object({ data: z.array(labelOut) }),
  handler: async (ctx) => listLabels(ctx.db, ctx.businessId),
});

export const labelsCreate = defineOperation({
  id: "labels-create",
  method: "POST",
  path: "/labels",
  scope: "labels:write",
  tag: "Labels",
  summary: "Create a label (a name, a colour, optional SLA targets)",
  description:
    "Names are unique per business, case ignored (409 `conflict` when taken); at most 100 labels (409). `firstResponseMinutes` and `resolutionMinutes` are this label's SLA targets: they win over the business's for conversations carrying the label.",
  body: labelIn,
  response: labelOut,
  errors: ["conflict"],
  handler: async (ctx, { body }) => createLabel(ctx.db, ctx.businessId, body),
});

export const labelsUpdate = defineOperation({
  id: "labels-update",
  method: "PATCH",
  path: "/labels/{labelId}",
  scope: "labels:write",
  tag: "Labels",
  summary: "Change a label's name, colour or SLA targets",
  params: labelParam,
  body: labelPatch,
  response: labelOut,
  errors: ["not_found", "conflict"],
  handler: async (ctx, { params, body }) => updateLabel(ctx.db, ctx.businessId, params.labelId, body),
});

export const labelsDelete = defineOperation({
  id: "labels-delete",
  method: "DELETE",
  path: "/labels/{labelId}",
  scope: "labels:write",
  tag: "Labels",
  summary: "Delete a label (the conversations carrying it lose it)",
  params: labelParam,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  errors: ["not_found"],
  handler: async (ctx, { params }) => deleteLabel(ctx.db, ctx.businessId, params.labelId),
});
