import { z } from "zod";
import { metadataSchema, tagsSchema } from "@/lib/contacts/contact-schema";
import { getContact, updateContact } from "@/lib/contacts/contacts";
import { withSession } from "@/lib/dashboard/handler";

const params = z.object({ contactId: z.string().min(1).max(100) });
const patch = z.object({ name: z.string().trim().max(200).nullable().optional(), tags: tagsSchema.optional(), metadata: metadataSchema.optional() });

// GET /api/dashboard/contacts/{id}
export const GET = withSession({ role: "agent", params }, async ({ db, businessId, params }) => getContact(db, businessId, params.contactId));

// PATCH /api/dashboard/contacts/{id} - edit name, tags (replaced whole) and metadata (replaced whole).
export const PATCH = withSession({ role: "agent", params, body: patch }, async ({ db, businessId, params, body }) =>
  updateContact(db, businessId, params.contactId, { ...body, name: body.name === "" ? null : body.name }),
);
