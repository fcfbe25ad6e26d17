CREATE TABLE "brand_booking_counts" (
	"brand_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "brand_booking_counts_brand_id_location_id_status_pk" PRIMARY KEY("brand_id","location_id","status")
);
--> statement-breakpoint
CREATE TABLE "campaign_audience_versions" (
	"media_type" text NOT NULL,
	"tier" integer NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "campaign_audience_versions_media_type_tier_pk" PRIMARY KEY("media_type","tier")
);
--> statement-breakpoint
CREATE TABLE "discovery_page_marks" (
	"media_type" text NOT NULL,
	"tier" integer NOT NULL,
	"day" date NOT NULL,
	"version" bigint NOT NULL,
	"position" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	CONSTRAINT "discovery_page_marks_media_type_tier_day_version_position_pk" PRIMARY KEY("media_type","tier","day","version","position")
);
--> statement-breakpoint
CREATE TABLE "media_booking_counts" (
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "media_booking_counts_user_id_status_pk" PRIMARY KEY("user_id","status")
);
--> statement-breakpoint
CREATE TABLE "media_reliability" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"visits" integer NOT NULL,
	"good" integer NOT NULL,
	"decided" integer NOT NULL
);
--> statement-breakpoint
-- Discovery's page marks are valid for one version of their audience: every statement that adds or
-- removes rows of campaign_audiences bumps the version of each audience it touched (in key order,
-- so two writers never deadlock), in the writer's transaction.
CREATE FUNCTION "campaign_audience_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "campaign_audience_versions" AS v ("media_type", "tier", "version")
      SELECT DISTINCT "media_type", "tier", 1 FROM new_rows ORDER BY 1, 2
      ON CONFLICT ("media_type", "tier") DO UPDATE SET "version" = v."version" + 1;
  ELSE
    INSERT INTO "campaign_audience_versions" AS v ("media_type", "tier", "version")
      SELECT DISTINCT "media_type", "tier", 1 FROM old_rows ORDER BY 1, 2
      ON CONFLICT ("media_type", "tier") DO UPDATE SET "version" = v."version" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaign_audience_versions_insert" AFTER INSERT ON "campaign_audiences"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_audience_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "campaign_audience_versions_delete" AFTER DELETE ON "campaign_audiences"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "campaign_audience_versions_bump"();
--> statement-breakpoint
INSERT INTO "campaign_audience_versions" ("media_type", "tier", "version")
  SELECT DISTINCT "media_type", "tier", 1 FROM "campaign_audiences";
--> statement-breakpoint
-- The bookings tabs' totals: bookings per (brand, location, status) and per (user, status). An
-- insert or delete statement adds its rows' changes, grouped and in key order (two writers never
-- deadlock), once per statement (a bulk load counts in one pass).
CREATE FUNCTION "booking_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "brand_booking_counts" AS c ("brand_id", "location_id", "status", "n")
      SELECT "brand_id", "location_id", "status", count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("brand_id", "location_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
    INSERT INTO "media_booking_counts" AS c ("user_id", "status", "n")
      SELECT "user_id", "status", count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("user_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSE
    INSERT INTO "brand_booking_counts" AS c ("brand_id", "location_id", "status", "n")
      SELECT "brand_id", "location_id", "status", -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("brand_id", "location_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
    INSERT INTO "media_booking_counts" AS c ("user_id", "status", "n")
      SELECT "user_id", "status", -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("user_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "booking_counts_insert" AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "booking_counts_sync"();
--> statement-breakpoint
-- A change of a counted column moves the booking between two counter rows, taken in key order. Row
-- level, with a column list, so updates of other columns (most of them) run nothing.
CREATE FUNCTION "booking_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "brand_booking_counts" AS c ("brand_id", "location_id", "status", "n")
    SELECT b, l, s, sum(d) FROM (VALUES (OLD.brand_id, OLD.location_id, OLD.status, -1), (NEW.brand_id, NEW.location_id, NEW.status, 1)) v(b, l, s, d)
    GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("brand_id", "location_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  INSERT INTO "media_booking_counts" AS c ("user_id", "status", "n")
    SELECT u, s, sum(d) FROM (VALUES (OLD.user_id, OLD.status, -1), (NEW.user_id, NEW.status, 1)) v(u, s, d)
    GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
    ON CONFLICT ("user_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "booking_counts_update" AFTER UPDATE OF "brand_id", "location_id", "user_id", "status" ON "bookings"
  FOR EACH ROW WHEN ((OLD.brand_id, OLD.location_id, OLD.user_id, OLD.status) IS DISTINCT FROM (NEW.brand_id, NEW.location_id, NEW.user_id, NEW.status))
  EXECUTE FUNCTION "booking_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "booking_counts_delete" AFTER DELETE ON "bookings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "booking_counts_sync"();
--> statement-breakpoint
CREATE FUNCTION "booking_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "brand_booking_counts";
  DELETE FROM "media_booking_counts";
  INSERT INTO "brand_booking_counts" ("brand_id", "location_id", "status", "n")
    SELECT "brand_id", "location_id", "status", count(*) FROM "bookings" GROUP BY 1, 2, 3;
  INSERT INTO "media_booking_counts" ("user_id", "status", "n")
    SELECT "user_id", "status", count(*) FROM "bookings" GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT "booking_counts_rebuild"();
--> statement-breakpoint
-- Reliability (modules/bookings/reliability.ts, whose reliabilityTable is the reference this must
-- equal; reliability.test.ts compares them): the figures of the given users, computed from their
-- bookings and tasks. The window (20) and the task's due days (7) are VISIT_RULES'.
CREATE FUNCTION "media_reliability_computed"(user_ids integer[])
  RETURNS TABLE ("user_id" integer, "visits" integer, "good" integer, "decided" integer) LANGUAGE sql STABLE AS $$
  SELECT user_id,
    count(*)::int,
    count(*) FILTER (WHERE rn <= 20 AND good)::int,
    count(*) FILTER (WHERE rn <= 20)::int
  FROM (
    SELECT b.user_id,
      (b.checked_in_at IS NOT NULL
        OR (b.status = 'finished' AND t.completed AND t.completed_at <= b.visit_at + interval '7 days')) AS good,
      row_number() OVER (PARTITION BY b.user_id ORDER BY b.visit_at DESC, b.id DESC) AS rn
    FROM "bookings" b
    LEFT JOIN "tasks" t ON t.booking_id = b.id
    WHERE b.user_id = ANY (user_ids)
      AND (
        b.checked_in_at IS NOT NULL
        OR (b.status = 'finished' AND t.completed AND t.completed_at <= b.visit_at + interval '7 days')
        OR b.status = 'no_show'
        OR (b.status = 'cancelled' AND b.cancelled_at > b.visit_at - interval '24 hours')
      )
  ) decided_visits
  GROUP BY user_id
$$;
--> statement-breakpoint
-- Recomputes the users' rows. Their rows are locked first (inserted if missing), in id order, and
-- counted by the next statement: under READ COMMITTED its snapshot then sees whatever a writer that
-- held a lock before us committed, so two transactions changing one user never keep a stale figure.
CREATE FUNCTION "media_reliability_refresh"(user_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF user_ids IS NULL OR cardinality(user_ids) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "media_reliability" AS r ("user_id", "visits", "good", "decided")
    SELECT DISTINCT u, 0, 0, 0 FROM unnest(user_ids) u WHERE u IS NOT NULL ORDER BY 1
    ON CONFLICT ("user_id") DO UPDATE SET "visits" = r."visits";
  UPDATE "media_reliability" r
    SET "visits" = coalesce(f.visits, 0), "good" = coalesce(f.good, 0), "decided" = coalesce(f.decided, 0)
    FROM unnest(user_ids) u(id)
    LEFT JOIN "media_reliability_computed"(user_ids) f ON f.user_id = u.id
    WHERE r."user_id" = u.id;
END $$;
--> statement-breakpoint
-- A booking counts for its user's reliability through its status, check-in, cancellation and visit
-- time; only the users of rows that are (or were) decided, or whose deciding columns changed, are
-- recomputed: a new pending request changes nothing.
CREATE FUNCTION "media_reliability_bookings_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "media_reliability_refresh"(ARRAY(
      SELECT DISTINCT "user_id" FROM new_rows
      WHERE "checked_in_at" IS NOT NULL OR "status" IN ('finished', 'no_show', 'cancelled')));
  ELSE
    PERFORM "media_reliability_refresh"(ARRAY(
      SELECT DISTINCT "user_id" FROM old_rows
      WHERE "checked_in_at" IS NOT NULL OR "status" IN ('finished', 'no_show', 'cancelled')));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "media_reliability_bookings_insert" AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "media_reliability_bookings_sync"();
--> statement-breakpoint
-- An update recounts the user (both users, if the booking moved) only when a deciding column
-- changed: row level with a column list, so the many other updates of a booking run nothing.
CREATE FUNCTION "media_reliability_booking_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "media_reliability_refresh"(ARRAY[OLD.user_id, NEW.user_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "media_reliability_bookings_update" AFTER UPDATE OF "user_id", "status", "checked_in_at", "cancelled_at", "visit_at" ON "bookings"
  FOR EACH ROW WHEN ((OLD.user_id, OLD.status, OLD.checked_in_at, OLD.cancelled_at, OLD.visit_at)
    IS DISTINCT FROM (NEW.user_id, NEW.status, NEW.checked_in_at, NEW.cancelled_at, NEW.visit_at))
  EXECUTE FUNCTION "media_reliability_booking_change"();
--> statement-breakpoint
CREATE TRIGGER "media_reliability_bookings_delete" AFTER DELETE ON "bookings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "media_reliability_bookings_sync"();
--> statement-breakpoint
-- A task counts through its completion (and when); its user is the booking's.
CREATE FUNCTION "media_reliability_tasks_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "media_reliability_refresh"(ARRAY(
      SELECT DISTINCT b."user_id" FROM new_rows t JOIN "bookings" b ON b."id" = t."booking_id" WHERE t."completed"));
  ELSE
    PERFORM "media_reliability_refresh"(ARRAY(
      SELECT DISTINCT b."user_id" FROM old_rows t JOIN "bookings" b ON b."id" = t."booking_id" WHERE t."completed"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "media_reliability_tasks_insert" AFTER INSERT ON "tasks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "media_reliability_tasks_sync"();
--> statement-breakpoint
CREATE FUNCTION "media_reliability_task_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "media_reliability_refresh"(ARRAY(
    SELECT "user_id" FROM "bookings" WHERE "id" IN (OLD.booking_id, NEW.booking_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "media_reliability_tasks_update" AFTER UPDATE OF "booking_id", "completed", "completed_at" ON "tasks"
  FOR EACH ROW WHEN ((OLD.booking_id, OLD.completed, OLD.completed_at) IS DISTINCT FROM (NEW.booking_id, NEW.completed, NEW.completed_at))
  EXECUTE FUNCTION "media_reliability_task_change"();
--> statement-breakpoint
CREATE TRIGGER "media_reliability_tasks_delete" AFTER DELETE ON "tasks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "media_reliability_tasks_sync"();
--> statement-breakpoint
CREATE FUNCTION "media_reliability_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "media_reliability";
  INSERT INTO "media_reliability" ("user_id", "visits", "good", "decided")
    SELECT * FROM "media_reliability_computed"(ARRAY(SELECT DISTINCT "user_id" FROM "bookings"));
$$;
--> statement-breakpoint
SELECT "media_reliability_rebuild"();
