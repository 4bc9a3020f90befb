-- Hand-written (issue 15, records a person can read): orders and leads start as "new", not
-- "confirmed". Records captured before this change move to their collection's first status.
UPDATE "records" SET "status" = 'new' WHERE "collection" IN ('orders', 'leads') AND "status" = 'confirmed';
