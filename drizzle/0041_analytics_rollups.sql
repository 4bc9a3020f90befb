CREATE TABLE "analytics_conversation_hours" (
	"business_id" text NOT NULL,
	"hour" timestamp (3) with time zone NOT NULL,
	"conversation_id" text NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"assistant_messages" integer DEFAULT 0 NOT NULL,
	"handoffs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_conversation_hours_pk" PRIMARY KEY("business_id","hour","conversation_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_record_hours" (
	"business_id" text NOT NULL,
	"hour" timestamp (3) with time zone NOT NULL,
	"collection" text NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_record_hours_pk" PRIMARY KEY("business_id","hour","collection")
);
--> statement-breakpoint
ALTER TABLE "analytics_conversation_hours" ADD CONSTRAINT "analytics_conversation_hours_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_conversation_hours" ADD CONSTRAINT "analytics_conversation_hours_conversation_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_record_hours" ADD CONSTRAINT "analytics_record_hours_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_conversation_hours_conversation_idx" ON "analytics_conversation_hours" USING btree ("conversation_id");--> statement-breakpoint
-- Hand-written: the rollups are kept by triggers, in the statement that writes the rows they count, so
-- every writer (the app, the retention job, an erasure's cascade, a bulk load, a test's raw SQL) keeps
-- them exact. Statement triggers over transition tables: one grouped upsert per statement, a bulk
-- insert included; rows sorted by key so two multi-row writes lock shared rows in the same order. A
-- removal only updates (a cascade may have removed the row already) and drops rows that reach zero.
-- Hours are UTC hours: date_trunc's third argument, so the session's time zone never moves a bucket.
CREATE FUNCTION "analytics_messages_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "analytics_conversation_hours" AS r ("business_id", "hour", "conversation_id", "messages", "assistant_messages")
  SELECT "business_id", date_trunc('hour', "created_at", 'UTC'), "conversation_id", count(*), count(*) FILTER (WHERE "source" = 'assistant')
  FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("business_id", "hour", "conversation_id") DO UPDATE
    SET "messages" = r."messages" + excluded."messages", "assistant_messages" = r."assistant_messages" + excluded."assistant_messages";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "analytics_messages_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "analytics_conversation_hours" r
  SET "messages" = r."messages" - g.n, "assistant_messages" = r."assistant_messages" - g.a
  FROM (SELECT "business_id", date_trunc('hour', "created_at", 'UTC') AS "hour", "conversation_id", count(*)::int AS n,
          count(*) FILTER (WHERE "source" = 'assistant')::int AS a
        FROM removed GROUP BY 1, 2, 3) g
  WHERE r."business_id" = g."business_id" AND r."hour" = g."hour" AND r."conversation_id" = g."conversation_id";
  DELETE FROM "analytics_conversation_hours" r
  USING (SELECT DISTINCT "business_id", date_trunc('hour', "created_at", 'UTC') AS "hour", "conversation_id" FROM removed) g
  WHERE r."business_id" = g."business_id" AND r."hour" = g."hour" AND r."conversation_id" = g."conversation_id"
    AND r."messages" = 0 AND r."handoffs" = 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A message moved in time or between conversations (tests back-date rows): its old hour loses it, its new one gains it.
CREATE FUNCTION "analytics_message_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "analytics_conversation_hours" r
  SET "messages" = r."messages" - 1, "assistant_messages" = r."assistant_messages" - (OLD."source" = 'assistant')::int
  WHERE r."business_id" = OLD."business_id" AND r."hour" = date_trunc('hour', OLD."created_at", 'UTC') AND r."conversation_id" = OLD."conversation_id";
  DELETE FROM "analytics_conversation_hours" r
  WHERE r."business_id" = OLD."business_id" AND r."hour" = date_trunc('hour', OLD."created_at", 'UTC') AND r."conversation_id" = OLD."conversation_id"
    AND r."messages" = 0 AND r."handoffs" = 0;
  INSERT INTO "analytics_conversation_hours" AS r ("business_id", "hour", "conversation_id", "messages", "assistant_messages")
  VALUES (NEW."business_id", date_trunc('hour', NEW."created_at", 'UTC'), NEW."conversation_id", 1, (NEW."source" = 'assistant')::int)
  ON CONFLICT ("business_id", "hour", "conversation_id") DO UPDATE
    SET "messages" = r."messages" + 1, "assistant_messages" = r."assistant_messages" + excluded."assistant_messages";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "analytics_handoffs_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "analytics_conversation_hours" AS r ("business_id", "hour", "conversation_id", "handoffs")
  SELECT "business_id", date_trunc('hour', "created_at", 'UTC'), "conversation_id", count(*)
  FROM added WHERE "to_status" = 'handoff' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("business_id", "hour", "conversation_id") DO UPDATE SET "handoffs" = r."handoffs" + excluded."handoffs";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "analytics_handoffs_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "analytics_conversation_hours" r SET "handoffs" = r."handoffs" - g.n
  FROM (SELECT "business_id", date_trunc('hour', "created_at", 'UTC') AS "hour", "conversation_id", count(*)::int AS n
        FROM removed WHERE "to_status" = 'handoff' GROUP BY 1, 2, 3) g
  WHERE r."business_id" = g."business_id" AND r."hour" = g."hour" AND r."conversation_id" = g."conversation_id";
  DELETE FROM "analytics_conversation_hours" r
  USING (SELECT DISTINCT "business_id", date_trunc('hour', "created_at", 'UTC') AS "hour", "conversation_id" FROM removed WHERE "to_status" = 'handoff') g
  WHERE r."business_id" = g."business_id" AND r."hour" = g."hour" AND r."conversation_id" = g."conversation_id"
    AND r."messages" = 0 AND r."handoffs" = 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "analytics_transition_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."to_status" = 'handoff' THEN
    UPDATE "analytics_conversation_hours" r SET "handoffs" = r."handoffs" - 1
    WHERE r."business_id" = OLD."business_id" AND r."hour" = date_trunc('hour', OLD."created_at", 'UTC') AND r."conversation_id" = OLD."conversation_id";
    DELETE FROM "analytics_conversation_hours" r
    WHERE r."business_id" = OLD."business_id" AND r."hour" = date_trunc('hour', OLD."created_at", 'UTC') AND r."conversation_id" = OLD."conversation_id"
      AND r."messages" = 0 AND r."handoffs" = 0;
  END IF;
  IF NEW."to_status" = 'handoff' THEN
    INSERT INTO "analytics_conversation_hours" AS r ("business_id", "hour", "conversation_id", "handoffs")
    VALUES (NEW."business_id", date_trunc('hour', NEW."created_at", 'UTC'), NEW."conversation_id", 1)
    ON CONFLICT ("business_id", "hour", "conversation_id") DO UPDATE SET "handoffs" = r."handoffs" + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "analytics_records_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "analytics_record_hours" AS r ("business_id", "hour", "collection", "records")
  SELECT "business_id", date_trunc('hour', "created_at", 'UTC'), "collection", count(*)
  FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("business_id", "hour", "collection") DO UPDATE SET "records" = r."records" + excluded."records";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "analytics_records_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "analytics_record_hours" r SET "records" = r."records" - g.n
  FROM (SELECT "business_id", date_trunc('hour', "created_at", 'UTC') AS "hour", "collection", count(*)::int AS n FROM removed GROUP BY 1, 2, 3) g
  WHERE r."business_id" = g."business_id" AND r."hour" = g."hour" AND r."collection" = g."collection";
  DELETE FROM "analytics_record_hours" r
  USING (SELECT DISTINCT "business_id", date_trunc('hour', "created_at", 'UTC') AS "hour", "collection" FROM removed) g
  WHERE r."business_id" = g."business_id" AND r."hour" = g."hour" AND r."collection" = g."collection" AND r."records" = 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "analytics_record_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "analytics_record_hours" r SET "records" = r."records" - 1
  WHERE r."business_id" = OLD."business_id" AND r."hour" = date_trunc('hour', OLD."created_at", 'UTC') AND r."collection" = OLD."collection";
  DELETE FROM "analytics_record_hours" r
  WHERE r."business_id" = OLD."business_id" AND r."hour" = date_trunc('hour', OLD."created_at", 'UTC') AND r."collection" = OLD."collection"
    AND r."records" = 0;
  INSERT INTO "analytics_record_hours" AS r ("business_id", "hour", "collection", "records")
  VALUES (NEW."business_id", date_trunc('hour', NEW."created_at", 'UTC'), NEW."collection", 1)
  ON CONFLICT ("business_id", "hour", "collection") DO UPDATE SET "records" = r."records" + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The triggers first: creating them waits for the writes in flight and holds new ones until this
-- migration commits, so the fill below sees every row once and no write slips between the two.
CREATE TRIGGER "analytics_messages_added" AFTER INSERT ON "messages" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "analytics_messages_added"();--> statement-breakpoint
CREATE TRIGGER "analytics_messages_removed" AFTER DELETE ON "messages" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "analytics_messages_removed"();--> statement-breakpoint
CREATE TRIGGER "analytics_message_moved" AFTER UPDATE OF "business_id", "conversation_id", "source", "created_at" ON "messages" FOR EACH ROW
  WHEN (OLD."business_id" IS DISTINCT FROM NEW."business_id" OR OLD."conversation_id" IS DISTINCT FROM NEW."conversation_id"
    OR OLD."source" IS DISTINCT FROM NEW."source" OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "analytics_message_moved"();--> statement-breakpoint
CREATE TRIGGER "analytics_handoffs_added" AFTER INSERT ON "conversation_transitions" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "analytics_handoffs_added"();--> statement-breakpoint
CREATE TRIGGER "analytics_handoffs_removed" AFTER DELETE ON "conversation_transitions" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "analytics_handoffs_removed"();--> statement-breakpoint
CREATE TRIGGER "analytics_transition_moved" AFTER UPDATE OF "business_id", "conversation_id", "to_status", "created_at" ON "conversation_transitions" FOR EACH ROW
  WHEN ((OLD."to_status" = 'handoff' OR NEW."to_status" = 'handoff') AND (OLD."business_id" IS DISTINCT FROM NEW."business_id"
    OR OLD."conversation_id" IS DISTINCT FROM NEW."conversation_id" OR OLD."to_status" IS DISTINCT FROM NEW."to_status" OR OLD."created_at" IS DISTINCT FROM NEW."created_at"))
  EXECUTE FUNCTION "analytics_transition_moved"();--> statement-breakpoint
CREATE TRIGGER "analytics_records_added" AFTER INSERT ON "records" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "analytics_records_added"();--> statement-breakpoint
CREATE TRIGGER "analytics_records_removed" AFTER DELETE ON "records" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "analytics_records_removed"();--> statement-breakpoint
CREATE TRIGGER "analytics_record_moved" AFTER UPDATE OF "business_id", "collection", "created_at" ON "records" FOR EACH ROW
  WHEN (OLD."business_id" IS DISTINCT FROM NEW."business_id" OR OLD."collection" IS DISTINCT FROM NEW."collection" OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "analytics_record_moved"();--> statement-breakpoint
-- The existing history, so an upgraded installation answers with the same figures as before.
INSERT INTO "analytics_conversation_hours" ("business_id", "hour", "conversation_id", "messages", "assistant_messages", "handoffs")
SELECT "business_id", "hour", "conversation_id", sum(m)::int, sum(a)::int, sum(h)::int
FROM (
  SELECT "business_id", date_trunc('hour', "created_at", 'UTC') AS "hour", "conversation_id", count(*) AS m,
    count(*) FILTER (WHERE "source" = 'assistant') AS a, 0 AS h
  FROM "messages" GROUP BY 1, 2, 3
  UNION ALL
  SELECT "business_id", date_trunc('hour', "created_at", 'UTC'), "conversation_id", 0, 0, count(*)
  FROM "conversation_transitions" WHERE "to_status" = 'handoff' GROUP BY 1, 2, 3
) x
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "analytics_record_hours" ("business_id", "hour", "collection", "records")
SELECT "business_id", date_trunc('hour', "created_at", 'UTC'), "collection", count(*)::int FROM "records" GROUP BY 1, 2, 3;
