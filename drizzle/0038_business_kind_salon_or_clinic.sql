ALTER TABLE "businesses" DROP CONSTRAINT "businesses_kind_check";--> statement-breakpoint
UPDATE "businesses" SET "kind" = 'salon_or_clinic' WHERE "kind" = 'clinic';--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_kind_check" CHECK ("businesses"."kind" in ('restaurant', 'salon_or_clinic', 'shop', 'other'));
