CREATE TABLE "conversation_events" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"actor_type" text NOT NULL,
	"actor_user_id" text,
	"assignee_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_reads" (
	"business_id" text NOT NULL,
	"user_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"read_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "conversation_reads_user_id_conversation_id_pk" PRIMARY KEY("user_id","conversation_id")
);
--> statement-breakpoint
CREATE TABLE "inbox_settings" (
	"business_id" text PRIMARY KEY NOT NULL,
	"resume_after_minutes" integer,
	"auto_assign" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_presence" (
	"user_id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"last_seen_at" timestamp (3) with time zone,
	"last_assigned_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "waiting_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "human_activity_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "conversation_events_conversation_idx" ON "conversation_events" USING btree ("business_id","conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "conversation_reads_business_idx" ON "conversation_reads" USING btree ("business_id","user_id");--> statement-breakpoint
CREATE INDEX "member_presence_business_idx" ON "member_presence" USING btree ("business_id","last_seen_at");