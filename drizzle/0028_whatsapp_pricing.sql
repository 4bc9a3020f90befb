CREATE TABLE "whatsapp_rates" (
	"business_id" text NOT NULL,
	"country" text NOT NULL,
	"category" text NOT NULL,
	"price" numeric(14, 6) NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_rates_business_id_country_category_pk" PRIMARY KEY("business_id","country","category"),
	CONSTRAINT "whatsapp_rates_category_check" CHECK ("whatsapp_rates"."category" in ('marketing', 'marketing_lite', 'utility', 'authentication', 'authentication_international', 'service', 'referral_conversion')),
	CONSTRAINT "whatsapp_rates_country_check" CHECK ("whatsapp_rates"."country" ~ '^([A-Z]{2}|\*)$'),
	CONSTRAINT "whatsapp_rates_price_check" CHECK ("whatsapp_rates"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pricing_billable" boolean;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pricing_category" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pricing_model" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pricing_type" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pricing_country" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "priced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_rates" ADD CONSTRAINT "whatsapp_rates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_priced_idx" ON "messages" USING btree ("business_id","priced_at") WHERE pricing_billable;