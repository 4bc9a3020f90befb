ALTER TABLE "jobs" ADD COLUMN "business_id" text;--> statement-breakpoint
CREATE INDEX "jobs_business_idx" ON "jobs" USING btree ("business_id","queue");