CREATE TABLE "business_facts" (
	"business_id" text PRIMARY KEY NOT NULL,
	"delivers" boolean,
	"delivery_radius_km" real,
	"delivery_places" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency" text,
	"delivery_fee" integer,
	"free_delivery_from" integer,
	"minimum_delivery" integer,
	"delivery_payment_methods" jsonb,
	"pickup" boolean,
	"payment_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_facts_amounts_check" CHECK (coalesce("business_facts"."delivery_fee", 0) >= 0 and coalesce("business_facts"."free_delivery_from", 0) >= 0 and coalesce("business_facts"."minimum_delivery", 0) >= 0),
	CONSTRAINT "business_facts_currency_check" CHECK ("business_facts"."currency" is null or "business_facts"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "business_facts" ADD CONSTRAINT "business_facts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ===== Hand-written (issue 35, item 5): the facts move out of skills and starter knowledge. =====
-- A cart's delivery fee, free-delivery threshold and minimum were the order skill's catalog-node data;
-- they are the business's facts now, which the cart reads. Each business gets the values of its cart
-- node (an enabled skill first, then the latest edited), in the currency of its catalog.
INSERT INTO "business_facts" ("business_id", "delivers", "currency", "delivery_fee", "free_delivery_from", "minimum_delivery")
SELECT DISTINCT ON (s."business_id")
  s."business_id",
  true,
  coalesce((SELECT c."price_currency" FROM "catalog_items" c WHERE c."business_id" = s."business_id" AND c."price_currency" IS NOT NULL LIMIT 1), 'EUR'),
  CASE WHEN jsonb_typeof(n.node->'data'->'deliveryFee') = 'number' THEN (n.node->'data'->>'deliveryFee')::numeric::integer END,
  CASE WHEN jsonb_typeof(n.node->'data'->'freeDeliveryFrom') = 'number' THEN (n.node->'data'->>'freeDeliveryFrom')::numeric::integer END,
  CASE WHEN jsonb_typeof(n.node->'data'->'minimumDelivery') = 'number' THEN (n.node->'data'->>'minimumDelivery')::numeric::integer END
FROM "skills" s
CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(s."graph"->'nodes') = 'array' THEN s."graph"->'nodes' ELSE '[]'::jsonb END) AS n(node)
WHERE n.node->>'type' = 'catalog'
  AND n.node->'data'->>'cart' = 'true'
  AND (n.node->'data') ?| array['deliveryFee', 'freeDeliveryFrom', 'minimumDelivery']
ORDER BY s."business_id", s."enabled" DESC, s."updated_at" DESC
ON CONFLICT ("business_id") DO NOTHING;
--> statement-breakpoint
-- The sign-up wrote the hours and the address it was given as knowledge items too; the assistant now
-- answers both from the settings. Items the owner never changed (written with the business, in its
-- transaction) go; an edited one stays, as the owner's own words.
DELETE FROM "knowledge_items" k
USING "businesses" b
WHERE b."id" = k."business_id"
  AND k."updated_at" <= b."created_at"
  AND (
    (k."title" IN ('Opening hours', 'Horario', 'Horário')
      AND (k."content" LIKE 'We are open: %' OR k."content" LIKE 'Abrimos: %' OR k."content" LIKE 'Estamos abertos: %')
      AND EXISTS (SELECT 1 FROM "business_hours" h WHERE h."business_id" = b."id"))
    OR (k."title" IN ('Address', 'Dirección', 'Morada')
      AND (k."content" LIKE 'We are at %' OR k."content" LIKE 'Estamos en %' OR k."content" LIKE 'Estamos em %')
      AND b."address" IS NOT NULL)
  );
