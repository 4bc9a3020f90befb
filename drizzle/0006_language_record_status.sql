ALTER TABLE "conversations" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "status" text DEFAULT 'confirmed' NOT NULL;