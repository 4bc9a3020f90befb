CREATE TABLE "whatsapp_flows" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"flow_id" text NOT NULL,
	"name" text NOT NULL,
	"screen" text,
	"cta" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "components" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "components" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapp_flows" ADD CONSTRAINT "whatsapp_flows_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_flows_business_flow_uq" ON "whatsapp_flows" USING btree ("business_id","flow_id");--> statement-breakpoint
CREATE INDEX "whatsapp_flows_business_created_idx" ON "whatsapp_flows" USING btree ("business_id","created_at","id");