CREATE TABLE "appointment_reminders" (
	"appointment_id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"outcome" text NOT NULL,
	"message_id" text,
	"error" text,
	"due_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_reminders_outcome_check" CHECK ("appointment_reminders"."outcome" in ('sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "appointment_settings" (
	"business_id" text PRIMARY KEY NOT NULL,
	"reminders_enabled" boolean DEFAULT false NOT NULL,
	"reminder_lead_minutes" integer DEFAULT 1440 NOT NULL,
	"reminder_template_name" text,
	"reminder_template_language" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_settings_lead_check" CHECK ("appointment_settings"."reminder_lead_minutes" between 15 and 10080)
);
--> statement-breakpoint
CREATE TABLE "staff_busy_times" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"staff_id" text NOT NULL,
	"start_at" timestamp (3) with time zone NOT NULL,
	"end_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_calendars" (
	"staff_id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"feed_token_hash" text,
	"feed_token_enc" text,
	"busy_url" text,
	"busy_fetched_at" timestamp (3) with time zone,
	"busy_error" text,
	"busy_intervals" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_calendars_feed_token_uq" UNIQUE("feed_token_hash")
);
--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_settings" ADD CONSTRAINT "appointment_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_busy_times" ADD CONSTRAINT "staff_busy_times_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_busy_times" ADD CONSTRAINT "staff_busy_times_staff_fk" FOREIGN KEY ("business_id","staff_id") REFERENCES "public"."staff_members"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_calendars" ADD CONSTRAINT "staff_calendars_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_calendars" ADD CONSTRAINT "staff_calendars_staff_fk" FOREIGN KEY ("business_id","staff_id") REFERENCES "public"."staff_members"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_reminders_business_idx" ON "appointment_reminders" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "staff_busy_times_staff_idx" ON "staff_busy_times" USING btree ("business_id","staff_id","start_at");--> statement-breakpoint
CREATE INDEX "staff_calendars_staff_idx" ON "staff_calendars" USING btree ("business_id","staff_id");