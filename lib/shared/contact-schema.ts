import { z } from "zod";

export const phoneSchema = z
  .string()
  .regex(/^\+[1-9]\d{6,14}$/, "Must be an E.164 phone number such as +14155550123.")
  .meta({ example: "+14155550123" });

export const tagsSchema = z.array(z.string().min(1).max(64)).max(50);
export const MAX_METADATA_BYTES = 16 * 1024;
// Free-form metadata (contacts, catalog items) is capped by its serialized size. TextEncoder, not
// Buffer: the catalog's schema also runs in the browser to check a file before upload.
export const metadataSchema = z
  .record(z.string(), z.unknown())
  .refine((m) => new TextEncoder().encode(JSON.stringify(m)).byteLength <= MAX_METADATA_BYTES, "metadata must be at most 16 KiB serialized.");

export const contactOut = z.object({
  id: z.string().meta({ example: "ct_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  phone: z.string().nullable().meta({ description: "E.164; null for a WhatsApp customer known only by a username or BSUID." }),
  waUserId: z
    .string()
    .nullable()
    .meta({ description: "WhatsApp's business-scoped user id (BSUID), e.g. US.13491208655302741918; null until WhatsApp names one." }),
  username: z.string().nullable().meta({ description: "The customer's WhatsApp username (e.g. @sheena), when they adopted one." }),
  name: z.string().nullable(),
  tags: z.array(z.string()),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactOut = z.infer<typeof contactOut>;
