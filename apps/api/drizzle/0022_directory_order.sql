ALTER TABLE "users" ADD COLUMN "reliability_percent" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reliability_visits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_directory_reliability_idx" ON "users" USING btree ("reliability_percent" DESC NULLS LAST,"reliability_visits" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE role in ('influencer', 'journalist') and tier is not null and directory_listed;--> statement-breakpoint
CREATE INDEX "users_directory_visits_idx" ON "users" USING btree ("reliability_visits" DESC NULLS LAST,"reliability_percent" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE role in ('influencer', 'journalist') and tier is not null and directory_listed;--> statement-breakpoint
-- The creator directory's sort key on the users' rows (schema.ts, users): media_reliability_refresh
-- copies each recounted user's percent and decided visits onto their row, in the same statement
-- sequence as before. The users' rows are locked first, in id order, and before media_reliability's:
-- the order every writer takes (a transaction that locks a user, e.g. a profile update, and then
-- changes a booking locks the user first too), so two writers never deadlock on the pair.
CREATE OR REPLACE FUNCTION "media_reliability_refresh"(user_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF user_ids IS NULL OR cardinality(user_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "users" WHERE "id" = ANY (user_ids) ORDER BY "id" FOR NO KEY UPDATE;
  INSERT INTO "media_reliability" AS r ("user_id", "visits", "good", "decided")
    SELECT DISTINCT u, 0, 0, 0 FROM unnest(user_ids) u WHERE u IS NOT NULL ORDER BY 1
    ON CONFLICT ("user_id") DO UPDATE SET "visits" = r."visits";
  UPDATE "media_reliability" r
    SET "visits" = coalesce(f.visits, 0), "good" = coalesce(f.good, 0), "decided" = coalesce(f.decided, 0)
    FROM unnest(user_ids) u(id)
    LEFT JOIN "media_reliability_computed"(user_ids) f ON f.user_id = u.id
    WHERE r."user_id" = u.id;
  -- Only the rows whose figures moved are written (an unchanged user keeps its index entries).
  UPDATE "users" us
    SET "reliability_percent" = CASE WHEN r."decided" > 0 THEN round(100.0 * r."good" / r."decided") END,
      "reliability_visits" = r."visits"
    FROM "media_reliability" r
    WHERE r."user_id" = ANY (user_ids) AND us."id" = r."user_id"
      AND (us."reliability_percent", us."reliability_visits")
        IS DISTINCT FROM (CASE WHEN r."decided" > 0 THEN round(100.0 * r."good" / r."decided") END, r."visits");
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "media_reliability_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "media_reliability";
  INSERT INTO "media_reliability" ("user_id", "visits", "good", "decided")
    SELECT * FROM "media_reliability_computed"(ARRAY(SELECT DISTINCT "user_id" FROM "bookings"));
  UPDATE "users" us
    SET "reliability_percent" = CASE WHEN r."decided" > 0 THEN round(100.0 * r."good" / r."decided") END,
      "reliability_visits" = coalesce(r."visits", 0)
    FROM "users" u LEFT JOIN "media_reliability" r ON r."user_id" = u."id"
    WHERE us."id" = u."id"
      AND (us."reliability_percent", us."reliability_visits")
        IS DISTINCT FROM (CASE WHEN r."decided" > 0 THEN round(100.0 * r."good" / r."decided") END, coalesce(r."visits", 0));
$$;
--> statement-breakpoint
UPDATE "users" us
  SET "reliability_percent" = CASE WHEN r."decided" > 0 THEN round(100.0 * r."good" / r."decided") END,
    "reliability_visits" = r."visits"
  FROM "media_reliability" r
  WHERE us."id" = r."user_id" AND r."visits" > 0;
