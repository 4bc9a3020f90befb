import { z } from "zod";
import { contactOut, metadataSchema, phoneSchema, tagsSchema } from "../../contacts/contact-schema";
import { listContacts, upsertContact } from "../../contacts/contacts";
import { defineOperation } from "../operation";
import { pageOf, pageQuery } from "./common";

export const contactsList = defineOperation({
  id: "contacts-list",
  method: "GET",
  path: "/contacts",
  scope: "contacts:read",
  tag: "Contacts",
  summary: "List contacts, searchable by name or phone, filterable by tag",
  query: pageQuery.extend({
    search: z.string().min(1).max(200).optional().describe("Case-insensitive substring of name or phone."),
    tag: z.string().min(1).max(64).optional(),
  }),
  response: pageOf(contactOut),
  handler: async (ctx, { query }) => listContacts(ctx.db, ctx.businessId, query),
});

export const contactsUpsert = defineOperation({
  id: "contacts-upsert",
  method: "POST",
  path: "/contacts",
  scope: "contacts:write",
  tag: "Contacts",
  summary: "Create or update a contact keyed by phone number",
  description: "Fields left out keep their stored values; `metadata` and `tags` are replaced whole.",
  body: z.object({
    phone: phoneSchema,
    name: z.string().max(200).nullable().optional(),
    metadata: metadataSchema.optional(),
    tags: tagsSchema.optional(),
  }),
  response: contactOut,
  handler: async (ctx, { body }) => upsertContact(ctx.db, ctx.businessId, body),
});
