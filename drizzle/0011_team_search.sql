CREATE TABLE "saved_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"shortcut" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_invites" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"accepted_at" timestamp (3) with time zone,
	"accepted_user_id" text,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_replies_business_shortcut_uq" ON "saved_replies" USING btree ("business_id","shortcut");--> statement-breakpoint
CREATE INDEX "saved_replies_business_created_idx" ON "saved_replies" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invites_token_hash_uq" ON "team_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_invites_business_created_idx" ON "team_invites" USING btree ("business_id","created_at","id");--> statement-breakpoint
-- Hand-written (inbox search): unaccent is a trusted extension (PostgreSQL 13+); PGlite loads it in
-- lib/db/client.ts. unaccent() itself is only STABLE (its dictionary could change), so an index
-- expression needs this IMMUTABLE wrapper naming the dictionary explicitly.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION convo_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin (to_tsvector('simple'::regconfig, convo_unaccent("text")));
