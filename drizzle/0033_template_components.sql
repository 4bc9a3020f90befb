ALTER TABLE "templates" ADD COLUMN "parameter_format" text DEFAULT 'positional' NOT NULL;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "header" jsonb;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "footer" text;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "buttons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_parameter_format_check" CHECK ("templates"."parameter_format" in ('positional', 'named'));