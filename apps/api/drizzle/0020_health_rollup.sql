CREATE TABLE "campaign_live_weeks" (
	"week" date PRIMARY KEY NOT NULL,
	"campaigns" integer NOT NULL,
	"places" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_weeks" (
	"week" date PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"computed_version" integer,
	"requested" integer,
	"accepted" integer,
	"hosted" integer,
	"booked" integer,
	"no_shows" integer,
	"disputes" integer,
	"brands" integer,
	"media" integer,
	"answer_s" double precision,
	"tasks_due" integer,
	"tasks_on_time" integer,
	"campaign_s" double precision
);
--> statement-breakpoint
DROP INDEX "bookings_week_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "has_task" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "task_completed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "campaigns_approved_idx" ON "campaigns" USING btree ("approved_at","submitted_at") WHERE approved_at is not null;--> statement-breakpoint
CREATE INDEX "bookings_week_idx" ON "bookings" USING btree ("week_start","status","brand_id","user_id","check_in_code","disputed_at","answered_at","created_at","visit_at","has_task","task_completed_at");--> statement-breakpoint
-- The staff's health report (ADR 023). A week's booking figures and its median time to approve a
-- campaign are stored once the week is settled (no figure of it depends on the clock any more) and
-- count only while no write could have changed them: every such write bumps the week's `version`.
-- Only weeks ended two weeks ago are bumped (the report stores a week from 15 days after its
-- Monday, so the day between covers a transaction that straddles midnight): the writes of the
-- current weeks (requests, answers, check-ins) never touch these rows.
CREATE FUNCTION "health_week_touch"("w" date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF w + 14 <= (now() AT TIME ZONE 'UTC')::date THEN
    INSERT INTO "health_weeks" AS h ("week", "version") VALUES (w, 1)
      ON CONFLICT ("week") DO UPDATE SET "version" = h."version" + 1;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "health_booking_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.week_start, OLD.status, OLD.check_in_code IS NULL, OLD.disputed_at IS NULL,
      OLD.brand_id, OLD.user_id, OLD.answered_at, OLD.created_at, OLD.visit_at)
    IS NOT DISTINCT FROM (NEW.week_start, NEW.status, NEW.check_in_code IS NULL, NEW.disputed_at IS NULL,
      NEW.brand_id, NEW.user_id, NEW.answered_at, NEW.created_at, NEW.visit_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "health_week_touch"(OLD.week_start);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.week_start <> OLD.week_start) THEN
    PERFORM "health_week_touch"(NEW.week_start);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "health_booking_sync" AFTER INSERT OR UPDATE OF "week_start", "status", "check_in_code", "disputed_at",
  "brand_id", "user_id", "answered_at", "created_at", "visit_at" OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "health_booking_sync"();
--> statement-breakpoint
-- The task's state on its booking (one task per booking), so the report reads no tasks; the week
-- is touched here, as the bookings trigger does not watch these two columns.
CREATE FUNCTION "health_task_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w date;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.booking_id, OLD.completed_at) IS NOT DISTINCT FROM (NEW.booking_id, NEW.completed_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.booking_id <> NEW.booking_id) THEN
    UPDATE "bookings" SET "has_task" = false, "task_completed_at" = NULL WHERE "id" = OLD.booking_id
      RETURNING "week_start" INTO w;
    IF FOUND THEN
      PERFORM "health_week_touch"(w);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "bookings" SET "has_task" = true, "task_completed_at" = NEW.completed_at WHERE "id" = NEW.booking_id
      RETURNING "week_start" INTO w;
    IF FOUND THEN
      PERFORM "health_week_touch"(w);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "health_task_sync" AFTER INSERT OR UPDATE OF "booking_id", "completed_at" OR DELETE ON "tasks"
  FOR EACH ROW EXECUTE FUNCTION "health_task_sync"();
--> statement-breakpoint
-- A campaign's part in campaign_live_weeks: live from its approval's week (UTC) to the week after
-- its last day's, if it is approved or expired and not deleted. One approved after its last day's
-- week was never live and has no part. The two weeks' rows are written in one ordered statement.
-- A change of approved_at or submitted_at touches the approval's week (the median time to approve).
CREATE FUNCTION "health_campaign_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o_from date;
  o_to date;
  o_cap int;
  n_from date;
  n_to date;
  n_cap int;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.approved_at IS NOT NULL AND OLD.status IN ('approved', 'expired') AND OLD.deleted_at IS NULL THEN
    o_from := date_trunc('week', OLD.approved_at AT TIME ZONE 'UTC')::date;
    o_to := date_trunc('week', OLD.expires_on)::date + 7;
    o_cap := coalesce((OLD.booking->>'max_bookings_per_week')::int, 1);
    IF o_to <= o_from THEN
      o_from := NULL;
      o_to := NULL;
      o_cap := NULL;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.approved_at IS NOT NULL AND NEW.status IN ('approved', 'expired') AND NEW.deleted_at IS NULL THEN
    n_from := date_trunc('week', NEW.approved_at AT TIME ZONE 'UTC')::date;
    n_to := date_trunc('week', NEW.expires_on)::date + 7;
    n_cap := coalesce((NEW.booking->>'max_bookings_per_week')::int, 1);
    IF n_to <= n_from THEN
      n_from := NULL;
      n_to := NULL;
      n_cap := NULL;
    END IF;
  END IF;
  IF (o_from, o_to, o_cap) IS DISTINCT FROM (n_from, n_to, n_cap) THEN
    INSERT INTO "campaign_live_weeks" AS l ("week", "campaigns", "places")
      SELECT v.week, sum(v.d), sum(v.p)
      FROM (VALUES (o_from, -1, -o_cap), (o_to, 1, o_cap), (n_from, 1, n_cap), (n_to, -1, -n_cap)) v(week, d, p)
      WHERE v.week IS NOT NULL
      GROUP BY v.week ORDER BY v.week
      ON CONFLICT ("week") DO UPDATE SET "campaigns" = l.campaigns + excluded.campaigns, "places" = l.places + excluded.places;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.approved_at IS NOT NULL AND (TG_OP = 'DELETE'
      OR (OLD.approved_at, OLD.submitted_at) IS DISTINCT FROM (NEW.approved_at, NEW.submitted_at)) THEN
    PERFORM "health_week_touch"(date_trunc('week', OLD.approved_at AT TIME ZONE 'UTC')::date);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.approved_at IS NOT NULL AND (TG_OP = 'INSERT'
      OR (OLD.approved_at, OLD.submitted_at) IS DISTINCT FROM (NEW.approved_at, NEW.submitted_at)) THEN
    PERFORM "health_week_touch"(date_trunc('week', NEW.approved_at AT TIME ZONE 'UTC')::date);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "health_campaign_sync" AFTER INSERT OR UPDATE OF "approved_at", "submitted_at", "status", "deleted_at",
  "expires_on", "booking" OR DELETE ON "campaigns"
  FOR EACH ROW EXECUTE FUNCTION "health_campaign_sync"();
--> statement-breakpoint
-- Rebuilds what the triggers keep from the tables, in set-based statements, and forgets every
-- stored week: the backfill below, and the benchmark's seeding (which loads with these triggers off).
CREATE FUNCTION "health_rollup_rebuild"() RETURNS void LANGUAGE sql AS $$
  UPDATE "bookings" b SET "has_task" = true, "task_completed_at" = t.completed_at
    FROM "tasks" t
    WHERE t.booking_id = b.id AND (NOT b.has_task OR b.task_completed_at IS DISTINCT FROM t.completed_at);
  UPDATE "bookings" b SET "has_task" = false, "task_completed_at" = NULL
    WHERE b.has_task AND NOT EXISTS (SELECT 1 FROM "tasks" t WHERE t.booking_id = b.id);
  DELETE FROM "campaign_live_weeks";
  INSERT INTO "campaign_live_weeks" ("week", "campaigns", "places")
    SELECT v.week, sum(v.d), sum(v.p)
    FROM (
      SELECT date_trunc('week', approved_at AT TIME ZONE 'UTC')::date AS "from", date_trunc('week', expires_on)::date + 7 AS "to",
        coalesce((booking->>'max_bookings_per_week')::int, 1) AS cap
      FROM "campaigns"
      WHERE approved_at IS NOT NULL AND status IN ('approved', 'expired') AND deleted_at IS NULL
    ) c,
    LATERAL (VALUES (c."from", 1, c.cap), (c."to", -1, -c.cap)) v(week, d, p)
    WHERE v.week IS NOT NULL AND (c."to" IS NULL OR c."to" > c."from")
    GROUP BY v.week;
  DELETE FROM "health_weeks";
$$;
--> statement-breakpoint
SELECT "health_rollup_rebuild"();
