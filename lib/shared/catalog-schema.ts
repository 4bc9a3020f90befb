import { z } from "zod";
import { metadataSchema } from "./contact-schema";

export const collectionSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "collection must match ^[a-z0-9][a-z0-9_-]{0,63}$.");

export const catalogItemIn = z.object({
  externalId: z.string().min(1).max(128),
  title: z.string().min(1).max(500),
  price: z
    .object({
      amount: z.number().int().min(0),
      currency: z.string().regex(/^[A-Z]{3}$/, "currency must be an ISO 4217 code such as EUR."),
    })
    .optional(),
  inStock: z.boolean().default(true),
  // Units left; null (or left out) is untracked. 0 makes the item sold out.
  stock: z.number().int().min(0).max(1_000_000_000).nullable().optional(),
  description: z.string().max(5000).optional(),
  imageUrl: z.url({ protocol: /^https$/, error: "imageUrl must be an https URL." }).optional(),
  metadata: metadataSchema.optional(),
});
export type CatalogItemIn = z.infer<typeof catalogItemIn>;

/** PATCH body: only the fields given change; null clears an optional one. */
export const catalogItemPatch = z
  .strictObject({
    externalId: catalogItemIn.shape.externalId.optional(),
    title: catalogItemIn.shape.title.optional(),
    price: catalogItemIn.shape.price.unwrap().nullable().optional(),
    inStock: z.boolean().optional(),
    stock: z.number().int().min(0).max(1_000_000_000).nullable().optional(),
    description: z.string().max(5000).nullable().optional(),
    imageUrl: z
      .url({ protocol: /^https$/, error: "imageUrl must be an https URL." })
      .nullable()
      .optional(),
    metadata: metadataSchema.nullable().optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), "Give at least one field to change.");
export type CatalogItemPatch = z.infer<typeof catalogItemPatch>;

export const catalogBulkDeleteIn = z.object({
  ids: z.array(z.string().min(1).max(100)).min(1, "ids needs at least one item id.").max(1000, "At most 1,000 ids per request."),
});

export const catalogUpsertIn = z
  .object({ items: z.array(catalogItemIn).min(1, "items needs at least one item.").max(1000, "At most 1,000 items per request.") })
  .superRefine((v, ctx) => {
    const seen = new Map<string, number>();
    v.items.forEach((item, i) => {
      const first = seen.get(item.externalId);
      if (first !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["items", i, "externalId"],
          message: `Duplicate externalId ${item.externalId} (also items[${first}]).`,
        });
      } else seen.set(item.externalId, i);
    });
  });

export const catalogItemOut = z.object({
  id: z.string().meta({ example: "cat_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  collection: z.string(),
  externalId: z.string(),
  title: z.string(),
  price: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
  inStock: z.boolean(),
  stock: z.number().int().nullable().meta({ description: "Units left; null when the item's stock is not tracked. At 0 the item is sold out." }),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CatalogItemOut = z.infer<typeof catalogItemOut>;
