CREATE TABLE "inbound_unusable" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"fingerprint" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"raw" jsonb NOT NULL,
	"business_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"replayed_at" timestamp (3) with time zone,
	"last_replay_at" timestamp (3) with time zone,
	"last_replay_outcome" text,
	CONSTRAINT "inbound_unusable_kind_check" CHECK ("inbound_unusable"."kind" in ('malformed', 'unknown_field', 'unknown_type', 'unknown_number', 'unknown_message', 'invalid_json'))
);
--> statement-breakpoint
ALTER TABLE "inbound_unusable" ADD CONSTRAINT "inbound_unusable_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_unusable_fingerprint_uq" ON "inbound_unusable" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "inbound_unusable_open_idx" ON "inbound_unusable" USING btree ("created_at") WHERE "inbound_unusable"."replayed_at" is null;--> statement-breakpoint
CREATE INDEX "inbound_unusable_business_idx" ON "inbound_unusable" USING btree ("business_id");