import { z } from "zod";
import { recordAudit } from "../../audit/record";
import { getOptOut, setOptOut } from "../../contacts/opt-out";
import { contactOut, metadataSchema, phoneSchema, tagsSchema } from "../../shared/contact-schema";
import { usernameSchema, waUserIdSchema } from "../../shared/customer-address";
import { getContact, listContacts, updateContact, upsertContact } from "../../contacts/contacts";
import { contactExportOut, exportContact } from "../../privacy/export-contact";
import { eraseContact, eraseContactOut } from "../../privacy/erase-contact";
import { audited, auditOf } from "../audit";
import { defineOperation } from "../operation";
import { idParam, pageOf, pageQuery, returns } from "./common";

// Contacts: the public list and upsert, the privacy requests (issue 17, docs/privacy.md: erasure and export,
// owners only in the dashboard, keys by scope), and the dashboard's contact panel (internal).

const contactParam = idParam("contactId", "ct_01JD7X4S9C8A3K2M5N6P7Q8R9T");

export const contactsList = defineOperation({
  id: "contacts-list",
  method: "GET",
  path: "/contacts",
  scope: "contacts:read",
  tag: "Contacts",
  summary: "List contacts, searchable by name, phone, WhatsApp username or BSUID, filterable by tag",
  query: pageQuery.extend({
    search: z.string().min(1).max(200).optional().describe("Case-insensitive substring of name, phone, WhatsApp username or BSUID."),
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
  summary: "Create or update a contact keyed by phone number, WhatsApp BSUID or username",
  description:
    "The contact is found by any identifier given (`phone`, `waUserId`, `username`; at least one) and takes the others; none found, it is created. Identifiers that name two different contacts answer `409 conflict`. A customer WhatsApp names without a number (a username, a BSUID) is upserted by `waUserId`; a later message from their phone lands on the same contact. Fields left out keep their stored values; `metadata` and `tags` are replaced whole.",
  body: z
    .object({
      phone: phoneSchema.optional(),
      waUserId: waUserIdSchema.optional(),
      username: usernameSchema.optional(),
      name: z.string().max(200).nullable().optional(),
      metadata: metadataSchema.optional(),
      tags: tagsSchema.optional(),
    })
    .refine((b) => b.phone || b.waUserId || b.username, { path: ["phone"], message: "Give a phone, a waUserId or a username." }),
  response: contactOut,
  errors: ["conflict"],
  handler: async (ctx, { body }) => upsertContact(ctx.db, ctx.businessId, body),
});

export const contactsErase = defineOperation({
  id: "contacts-erase",
  method: "DELETE",
  path: "/contacts/{contactId}",
  scope: "contacts:write",
  role: "owner",
  tag: "Contacts",
  summary: "Erase a contact and everything stored about them (privacy request)",
  description:
    "Deletes the contact, their conversations and messages (notes, history, read markers and skill sessions with them), the media files of their messages (bytes in storage too), their campaign recipient rows and opt-out, and the webhook events and delivery log that carried their data. Their records stay for the business's statistics with personal fields cleared (docs/privacy.md). Emits `contact.deleted`. A second call answers `404 not_found`, like any DELETE of something that is gone; nothing more changes.",
  params: contactParam,
  response: eraseContactOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) =>
    eraseContact(ctx.db, ctx.businessId, params.contactId, (tx, out) =>
      recordAudit(tx, { ...auditOf(ctx), action: "contact.erased", target: { type: "contact", id: out.id }, details: { erased: out.erased } }),
    ),
});

export const contactsExport = defineOperation({
  id: "contacts-export",
  method: "GET",
  path: "/contacts/{contactId}/export",
  scope: "contacts:read",
  role: "owner",
  tag: "Contacts",
  summary: "Everything stored about a contact, as JSON (privacy request)",
  description:
    "The contact, their conversations, messages, notes and conversation history, records, skill sessions in progress, campaign opt-out and campaign sends, and their media files' metadata (each media message carries a signed `url` for the bytes).",
  params: contactParam,
  response: contactExportOut,
  errors: ["not_found"],
  handler: async (ctx, { params }) =>
    audited(
      ctx,
      (tx) => exportContact(tx, ctx.businessId, params.contactId),
      () => ({ action: "contact.exported", target: { type: "contact", id: params.contactId } }),
    ),
});

export const contactGet = defineOperation({
  id: "internal-contacts-get",
  method: "GET",
  path: "/internal/contacts/{contactId}",
  scope: "contacts:read",
  internal: true,
  tag: "Contacts",
  summary: "One contact",
  params: contactParam,
  response: returns<Awaited<ReturnType<typeof getContact>>>(),
  handler: async (ctx, { params }) => getContact(ctx.db, ctx.businessId, params.contactId),
});

export const contactUpdate = defineOperation({
  id: "internal-contacts-update",
  method: "PATCH",
  path: "/internal/contacts/{contactId}",
  scope: "contacts:write",
  internal: true,
  tag: "Contacts",
  summary: "Edit a contact's name, tags (replaced whole) and metadata (replaced whole)",
  params: contactParam,
  body: z.object({ name: z.string().trim().max(200).nullable().optional(), tags: tagsSchema.optional(), metadata: metadataSchema.optional() }),
  response: returns<Awaited<ReturnType<typeof updateContact>>>(),
  handler: async (ctx, { params, body }) =>
    updateContact(ctx.db, ctx.businessId, params.contactId, { ...body, name: body.name === "" ? null : body.name }),
});

export const contactOptOutGet = defineOperation({
  id: "internal-contacts-opt-out-get",
  method: "GET",
  path: "/internal/contacts/{contactId}/opt-out",
  scope: "contacts:read",
  internal: true,
  tag: "Contacts",
  summary: "Whether the contact opted out of campaigns, and how",
  params: contactParam,
  response: returns<Awaited<ReturnType<typeof getOptOut>>>(),
  handler: async (ctx, { params }) => getOptOut(ctx.db, ctx.businessId, params.contactId),
});

export const contactOptOutSet = defineOperation({
  id: "internal-contacts-opt-out-set",
  method: "PUT",
  path: "/internal/contacts/{contactId}/opt-out",
  scope: "contacts:write",
  internal: true,
  tag: "Contacts",
  summary: "A member changes the opt-out (emits contact.updated when it changes)",
  params: contactParam,
  body: z.object({ optedOut: z.boolean() }),
  response: returns<Awaited<ReturnType<typeof getOptOut>>>(),
  handler: async (ctx, { params, body }) => {
    await ctx.db.transaction((tx) => setOptOut(tx, ctx.businessId, params.contactId, body.optedOut, "staff"));
    return getOptOut(ctx.db, ctx.businessId, params.contactId);
  },
});
