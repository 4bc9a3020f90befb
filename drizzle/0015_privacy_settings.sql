CREATE TABLE "privacy_settings" (
	"business_id" text PRIMARY KEY NOT NULL,
	"message_retention_days" integer,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_settings_retention_check" CHECK ("privacy_settings"."message_retention_days" is null or "privacy_settings"."message_retention_days" between 1 and 3650)
);
--> statement-breakpoint
ALTER TABLE "privacy_settings" ADD CONSTRAINT "privacy_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;