DROP INDEX "jobs_order_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "business_id" text;--> statement-breakpoint
CREATE INDEX "jobs_fair_idx" ON "jobs" USING btree ("queue","business_id","run_at","id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_held_idx" ON "jobs" USING btree ("queue","business_id") WHERE locked_until is not null;--> statement-breakpoint
CREATE INDEX "jobs_unowned_idx" ON "jobs" USING btree ("queue","run_at","id") WHERE status = 'pending' and business_id is null;--> statement-breakpoint
CREATE INDEX "jobs_order_idx" ON "jobs" USING btree ("queue","order_key","id") WHERE status = 'pending';