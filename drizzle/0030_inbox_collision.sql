CREATE TABLE "conversation_viewers" (
	"conversation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"business_id" text NOT NULL,
	"typing" boolean DEFAULT false NOT NULL,
	"seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_viewers_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "conversation_events" DROP CONSTRAINT "conversation_events_kind_check";--> statement-breakpoint
ALTER TABLE "skill_sessions" ADD COLUMN "paused_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "conversation_viewers" ADD CONSTRAINT "conversation_viewers_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_viewers" ADD CONSTRAINT "conversation_viewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_viewers" ADD CONSTRAINT "conversation_viewers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_viewers_user_idx" ON "conversation_viewers" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_kind_check" CHECK ("conversation_events"."kind" in ('note', 'handed_off', 'assigned', 'unassigned', 'returned', 'closed', 'reopened', 'number_changed', 'skill_completed', 'skill_handed_back', 'skill_discarded'));