CREATE TABLE "conversation_labels" (
	"business_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"label_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_labels_conversation_id_label_id_pk" PRIMARY KEY("conversation_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"first_response_minutes" integer,
	"resolution_minutes" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labels_color_check" CHECK ("labels"."color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD COLUMN "sla_first_response_minutes" integer;--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD COLUMN "sla_resolution_minutes" integer;--> statement-breakpoint
ALTER TABLE "member_presence" ADD COLUMN "availability" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_presence" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "conversation_labels" ADD CONSTRAINT "conversation_labels_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_labels" ADD CONSTRAINT "conversation_labels_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_labels" ADD CONSTRAINT "conversation_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_labels_label_idx" ON "conversation_labels" USING btree ("label_id","conversation_id");--> statement-breakpoint
CREATE INDEX "conversation_labels_business_idx" ON "conversation_labels" USING btree ("business_id","label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_business_name_uq" ON "labels" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "labels_business_created_idx" ON "labels" USING btree ("business_id","created_at","id");--> statement-breakpoint
ALTER TABLE "member_presence" ADD CONSTRAINT "member_presence_availability_check" CHECK ("member_presence"."availability" in ('online', 'away', 'offline'));