import { contactExportOut, exportContact } from "../../privacy/export-contact";
import { eraseContact, eraseContactOut } from "../../privacy/erase-contact";
import { getPrivacySettings, privacySettingsIn, privacySettingsOut, setPrivacySettings } from "../../privacy/retention";
import { recordAudit } from "../../audit/record";
import { audited, auditOf } from "../audit";
import { defineOperation } from "../operation";
import { idParam } from "./common";

// Privacy requests (issue 17, docs/privacy.md): a customer's erasure and export, and the business's
// message retention. Owners only in the dashboard; keys by scope.

const contactParam = idParam("contactId", "ct_01JD7X4S9C8A3K2M5N6P7Q8R9T");

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

export const privacySettingsGet = defineOperation({
  id: "privacy-settings-get",
  method: "GET",
  path: "/privacy-settings",
  scope: "business:read",
  role: "owner",
  tag: "Business",
  summary: "Read the message retention setting",
  response: privacySettingsOut,
  handler: async (ctx) => getPrivacySettings(ctx.db, ctx.businessId),
});

export const privacySettingsPut = defineOperation({
  id: "privacy-settings-put",
  method: "PUT",
  path: "/privacy-settings",
  scope: "business:write",
  role: "owner",
  tag: "Business",
  summary: "Set how long messages are kept",
  description:
    "`messageRetentionDays`: messages older than this many days are deleted by an hourly background job (with the media files only they used); conversations, contacts and records stay. `null` (the default) keeps messages for as long as the business exists.",
  body: privacySettingsIn,
  response: privacySettingsOut,
  handler: async (ctx, { body }) =>
    audited(
      ctx,
      (tx) => setPrivacySettings(tx, ctx.businessId, body),
      () => ({ action: "settings.privacy_changed", target: { type: "business", id: ctx.businessId }, details: body }),
    ),
});
