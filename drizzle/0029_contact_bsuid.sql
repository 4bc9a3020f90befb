ALTER TABLE "contacts" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "wa_user_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "username" text;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_business_wa_user_uq" ON "contacts" USING btree ("business_id","wa_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_business_username_uq" ON "contacts" USING btree ("business_id","username");--> statement-breakpoint
CREATE INDEX "contacts_username_trgm_idx" ON "contacts" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_wa_user_trgm_idx" ON "contacts" USING gin ("wa_user_id" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_identified_check" CHECK ("contacts"."phone" is not null or "contacts"."wa_user_id" is not null or "contacts"."username" is not null);