ALTER TABLE "conversation_events" DROP CONSTRAINT "conversation_events_kind_check";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "rating_asked_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "rating" smallint;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "rated_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "rating_comment" text;--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD COLUMN "satisfaction_survey" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_rated_idx" ON "conversations" USING btree ("business_id","rated_at") WHERE rated_at is not null;--> statement-breakpoint
CREATE INDEX "messages_agent_reply_idx" ON "messages" USING btree ("conversation_id","created_at") WHERE source = 'agent';--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_rating_check" CHECK (rating is null or rating between 1 and 5);--> statement-breakpoint
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_kind_check" CHECK ("conversation_events"."kind" in ('note', 'handed_off', 'assigned', 'unassigned', 'returned', 'closed', 'reopened', 'number_changed', 'skill_completed', 'skill_handed_back', 'skill_discarded', 'rated'));