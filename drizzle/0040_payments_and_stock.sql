CREATE TABLE "order_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"record_id" text NOT NULL,
	"provider" text NOT NULL,
	"external_id" text,
	"url" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"status" text DEFAULT 'creating' NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"paid_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_status_check" CHECK ("order_payments"."status" in ('creating', 'open', 'paid', 'expired', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"business_id" text PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'stripe' NOT NULL,
	"secret_key_enc" text NOT NULL,
	"secret_key_hint" text NOT NULL,
	"webhook_secret_enc" text NOT NULL,
	"webhook_secret_hint" text NOT NULL,
	"currency" text NOT NULL,
	"require_payment" boolean DEFAULT false NOT NULL,
	"expiry_minutes" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_provider_check" CHECK ("payment_settings"."provider" in ('stripe')),
	CONSTRAINT "payment_settings_expiry_check" CHECK ("payment_settings"."expiry_minutes" between 30 and 1440)
);
--> statement-breakpoint
ALTER TABLE "records" DROP CONSTRAINT "records_status_check";--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_record_uq" ON "order_payments" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_external_uq" ON "order_payments" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "order_payments_business_idx" ON "order_payments" USING btree ("business_id","created_at","id");--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_stock_check" CHECK ("catalog_items"."stock" is null or "catalog_items"."stock" >= 0);--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_status_check" CHECK ("records"."status" in ('confirmed', 'seated', 'no_show', 'cancelled', 'new', 'awaiting_payment', 'paid', 'preparing', 'ready', 'delivered', 'expired', 'contacted', 'won', 'lost', 'booked', 'completed'));