CREATE TABLE "campaign_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_application_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- The staff queues' exact totals as counter rows (docs/performance.md): campaigns not deleted by
-- stored status, media applications by status. Written only by these triggers, in the transaction
-- of the change; a change of status holds the counter rows' locks until commit (staff decisions and
-- campaign submissions are rare enough for one row per status).
CREATE FUNCTION "campaign_status_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.deleted_at IS NULL) IS NOT DISTINCT FROM (NEW.status, NEW.deleted_at IS NULL) THEN
    RETURN NULL;
  END IF;
  -- A status change touches two counter rows: always in the order of their status, so a submission
  -- (draft -> review) and a send-back (review -> draft) at the same moment cannot deadlock.
  IF TG_OP = 'UPDATE' AND OLD.deleted_at IS NULL AND NEW.deleted_at IS NULL AND NEW.status < OLD.status THEN
    INSERT INTO "campaign_status_counts" AS c ("status", "n") VALUES (NEW.status, 1)
      ON CONFLICT ("status") DO UPDATE SET "n" = c."n" + 1;
    UPDATE "campaign_status_counts" SET "n" = "n" - 1 WHERE "status" = OLD.status;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN
    UPDATE "campaign_status_counts" SET "n" = "n" - 1 WHERE "status" = OLD.status;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN
    INSERT INTO "campaign_status_counts" AS c ("status", "n") VALUES (NEW.status, 1)
      ON CONFLICT ("status") DO UPDATE SET "n" = c."n" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaign_status_counts_sync" AFTER INSERT OR UPDATE OF "status", "deleted_at" OR DELETE ON "campaigns"
  FOR EACH ROW EXECUTE FUNCTION "campaign_status_counts_sync"();
--> statement-breakpoint
CREATE FUNCTION "media_application_status_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status THEN
    RETURN NULL;
  END IF;
  -- Two counter rows in the order of their status, as for campaigns (no deadlock between changes).
  IF TG_OP = 'UPDATE' AND NEW.status < OLD.status THEN
    INSERT INTO "media_application_status_counts" AS c ("status", "n") VALUES (NEW.status, 1)
      ON CONFLICT ("status") DO UPDATE SET "n" = c."n" + 1;
    UPDATE "media_application_status_counts" SET "n" = "n" - 1 WHERE "status" = OLD.status;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE "media_application_status_counts" SET "n" = "n" - 1 WHERE "status" = OLD.status;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "media_application_status_counts" AS c ("status", "n") VALUES (NEW.status, 1)
      ON CONFLICT ("status") DO UPDATE SET "n" = c."n" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "media_application_status_counts_sync" AFTER INSERT OR UPDATE OF "status" OR DELETE ON "media_applications"
  FOR EACH ROW EXECUTE FUNCTION "media_application_status_counts_sync"();
--> statement-breakpoint
-- Rebuilds both counters from their tables in set-based statements: the backfill below, and the
-- benchmark's seeding (which loads campaigns and applications with these triggers off).
CREATE FUNCTION "queue_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "campaign_status_counts";
  INSERT INTO "campaign_status_counts" ("status", "n")
    SELECT "status", count(*) FROM "campaigns" WHERE "deleted_at" IS NULL GROUP BY 1;
  DELETE FROM "media_application_status_counts";
  INSERT INTO "media_application_status_counts" ("status", "n")
    SELECT "status", count(*) FROM "media_applications" GROUP BY 1;
$$;
--> statement-breakpoint
SELECT "queue_counts_rebuild"();
