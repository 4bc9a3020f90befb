CREATE TABLE "campaign_opt_outs" (
	"business_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"opted_out" boolean NOT NULL,
	"source" text NOT NULL,
	"language" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_opt_outs_business_id_contact_id_pk" PRIMARY KEY("business_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"business_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"variables" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"claim" text,
	"message_id" text,
	"error" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp (3) with time zone,
	"sent_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_settings" (
	"business_id" text PRIMARY KEY NOT NULL,
	"throughput_per_second" integer DEFAULT 80 NOT NULL,
	"rate_per_second" integer DEFAULT 80 NOT NULL,
	"daily_limit" integer DEFAULT 1000,
	"slow_factor" real DEFAULT 1 NOT NULL,
	"opt_out_words" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"name" text NOT NULL,
	"template_name" text NOT NULL,
	"template_language" text NOT NULL,
	"variables" jsonb NOT NULL,
	"audience" jsonb NOT NULL,
	"status" text NOT NULL,
	"scheduled_at" timestamp (3) with time zone,
	"started_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_contact_uq" ON "campaign_recipients" USING btree ("campaign_id","contact_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_status_idx" ON "campaign_recipients" USING btree ("campaign_id","status","id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_message_idx" ON "campaign_recipients" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_contact_idx" ON "campaign_recipients" USING btree ("business_id","contact_id");--> statement-breakpoint
CREATE INDEX "campaigns_business_created_idx" ON "campaigns" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("business_id","status");