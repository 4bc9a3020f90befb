import { z } from "zod";
import { MAX_METADATA_BYTES } from "../shared/contact-schema";

// The fields of a record written from outside the business's own definitions (the model's
// create_record call): flat scalars, as a skill's record node makes them (texts of at most 4,096
// characters, at most 100 fields), plus numbers, booleans and nulls, and at most 16 KiB serialized like
// free-form metadata. Nothing nested, so nothing a person or a query has to walk into.

export const recordFieldValue = z.union([z.string().max(4096), z.number(), z.boolean(), z.null()], {
  error: "must be a text, a number, true/false or null (no objects or lists)",
});

export const recordFieldsIn = z
  .record(z.string().min(1).max(64), recordFieldValue)
  .refine((f) => Object.keys(f).length > 0, "needs at least one field")
  .refine((f) => Object.keys(f).length <= 100, "has more than 100 fields")
  .refine((f) => new TextEncoder().encode(JSON.stringify(f)).byteLength <= MAX_METADATA_BYTES, "must be at most 16 KiB serialized");
