ALTER TABLE "campaign_recipients" ADD COLUMN "components" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "components" jsonb;