ALTER TABLE "businesses" ADD COLUMN "storage_quota_bytes" bigint;--> statement-breakpoint
CREATE INDEX "messages_media_file_idx" ON "messages" USING btree (("media" ->> 'fileId')) WHERE media is not null;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_storage_quota_check" CHECK ("businesses"."storage_quota_bytes" is null or "businesses"."storage_quota_bytes" >= 0);