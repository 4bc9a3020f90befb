CREATE TABLE "order_settings" (
	"business_id" text PRIMARY KEY NOT NULL,
	"notify_ready" boolean DEFAULT true NOT NULL,
	"ready_text" text,
	"ready_template_name" text,
	"ready_template_language" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
