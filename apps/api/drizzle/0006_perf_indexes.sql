CREATE TABLE "campaign_audience_counts" (
	"media_type" text NOT NULL,
	"tier" integer NOT NULL,
	"expires_on" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "campaign_audience_counts_media_type_tier_expires_on_pk" PRIMARY KEY("media_type","tier","expires_on")
);
--> statement-breakpoint
CREATE TABLE "campaign_audiences" (
	"media_type" text NOT NULL,
	"tier" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"expires_on" date NOT NULL,
	CONSTRAINT "campaign_audiences_media_type_tier_campaign_id_expires_on_pk" PRIMARY KEY("media_type","tier","campaign_id","expires_on")
);
--> statement-breakpoint
DROP INDEX "bookings_user_status_idx";--> statement-breakpoint
DROP INDEX "bookings_brand_status_idx";--> statement-breakpoint
CREATE INDEX "campaign_audiences_campaign_idx" ON "campaign_audiences" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_status_id_idx" ON "campaigns" USING btree ("status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "media_applications_reviewed_idx" ON "media_applications" USING btree ("status","reviewed_at","id");--> statement-breakpoint
CREATE INDEX "bookings_user_status_idx" ON "bookings" USING btree ("user_id","status","visit_at","id");--> statement-breakpoint
CREATE INDEX "bookings_brand_status_idx" ON "bookings" USING btree ("brand_id","status","visit_at","id");--> statement-breakpoint
-- campaign_audiences mirrors the visibility rule (campaign-visibility.ts) for approved, live
-- campaigns; campaign_audience_counts keeps how many rows each audience has per last day.
-- Both are written only by these triggers, so they change in the same transaction as the campaign.
CREATE FUNCTION "campaign_audience_rows"(c "campaigns") RETURNS TABLE ("media_type" text, "tier" integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT 'influencer', t FROM unnest(c.tier_range_influencer) AS t
    WHERE c.status = 'approved' AND c.deleted_at IS NULL AND 'influencer' = ANY (c.target)
  UNION
  SELECT DISTINCT 'journalist', t FROM unnest(c.tier_range_journalist) AS t
    WHERE c.status = 'approved' AND c.deleted_at IS NULL AND 'journalist' = ANY (c.target)
$$;
--> statement-breakpoint
CREATE FUNCTION "campaign_audiences_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.deleted_at, OLD.expires_on, OLD.target, OLD.tier_range_influencer, OLD.tier_range_journalist)
      IS NOT DISTINCT FROM (NEW.status, NEW.deleted_at, NEW.expires_on, NEW.target, NEW.tier_range_influencer, NEW.tier_range_journalist) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM "campaign_audiences" WHERE "campaign_id" = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "campaign_audiences" ("media_type", "tier", "campaign_id", "expires_on")
      SELECT a.media_type, a.tier, NEW.id, coalesce(NEW.expires_on, 'infinity'::date) FROM "campaign_audience_rows"(NEW) a;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaign_audiences_sync" AFTER INSERT OR UPDATE OR DELETE ON "campaigns"
  FOR EACH ROW EXECUTE FUNCTION "campaign_audiences_sync"();
--> statement-breakpoint
CREATE FUNCTION "campaign_audience_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "campaign_audience_counts" AS c ("media_type", "tier", "expires_on", "n")
      VALUES (NEW.media_type, NEW.tier, NEW.expires_on, 1)
      ON CONFLICT ("media_type", "tier", "expires_on") DO UPDATE SET "n" = c."n" + 1;
  ELSE
    UPDATE "campaign_audience_counts" SET "n" = "n" - 1
      WHERE "media_type" = OLD.media_type AND "tier" = OLD.tier AND "expires_on" = OLD.expires_on;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaign_audience_counts_sync" AFTER INSERT OR DELETE ON "campaign_audiences"
  FOR EACH ROW EXECUTE FUNCTION "campaign_audience_counts_sync"();
--> statement-breakpoint
-- Rebuilds both tables from campaigns in two set-based statements: the backfill below, and the
-- benchmark's seeding (which loads campaigns with triggers off).
CREATE FUNCTION "campaign_audiences_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "campaign_audience_counts";
  ALTER TABLE "campaign_audiences" DISABLE TRIGGER "campaign_audience_counts_sync";
  DELETE FROM "campaign_audiences";
  INSERT INTO "campaign_audiences" ("media_type", "tier", "campaign_id", "expires_on")
    SELECT a.media_type, a.tier, c.id, coalesce(c.expires_on, 'infinity'::date)
    FROM "campaigns" c CROSS JOIN LATERAL "campaign_audience_rows"(c) a
    WHERE c.status = 'approved' AND c.deleted_at IS NULL;
  ALTER TABLE "campaign_audiences" ENABLE TRIGGER "campaign_audience_counts_sync";
  INSERT INTO "campaign_audience_counts" ("media_type", "tier", "expires_on", "n")
    SELECT "media_type", "tier", "expires_on", count(*) FROM "campaign_audiences" GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
SELECT "campaign_audiences_rebuild"();
