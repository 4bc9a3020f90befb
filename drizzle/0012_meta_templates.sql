ALTER TABLE "businesses" ADD COLUMN "whatsapp_business_account_id" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "whatsapp_quality_rating" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "whatsapp_messaging_limit" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "whatsapp_templates_synced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "meta_template_id" text;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "quality_rating" text;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "examples" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "businesses_whatsapp_business_account_idx" ON "businesses" USING btree ("whatsapp_business_account_id");--> statement-breakpoint
CREATE INDEX "templates_meta_id_idx" ON "templates" USING btree ("meta_template_id");