CREATE TABLE "creator_directory_counts" (
	"role" text NOT NULL,
	"tier" integer NOT NULL,
	"listed" integer NOT NULL,
	CONSTRAINT "creator_directory_counts_role_tier_pk" PRIMARY KEY("role","tier")
);
--> statement-breakpoint
-- Listed media users per role and tier (the creator directory's totals). Row triggers, each with a
-- WHEN that lets only a change of who is listed through: a users update that leaves role, tier and
-- the listing alone (a profile edit, the reliability figures) fires nothing.
CREATE FUNCTION "creator_directory_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."role" IN ('influencer', 'journalist') AND OLD."tier" IS NOT NULL AND OLD."directory_listed" THEN
    INSERT INTO "creator_directory_counts" AS c ("role", "tier", "listed") VALUES (OLD."role", OLD."tier", -1)
      ON CONFLICT ("role", "tier") DO UPDATE SET "listed" = c."listed" - 1;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."role" IN ('influencer', 'journalist') AND NEW."tier" IS NOT NULL AND NEW."directory_listed" THEN
    INSERT INTO "creator_directory_counts" AS c ("role", "tier", "listed") VALUES (NEW."role", NEW."tier", 1)
      ON CONFLICT ("role", "tier") DO UPDATE SET "listed" = c."listed" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "creator_directory_counts_insert" AFTER INSERT ON "users" FOR EACH ROW
  WHEN (NEW."role" IN ('influencer', 'journalist') AND NEW."tier" IS NOT NULL AND NEW."directory_listed")
  EXECUTE FUNCTION "creator_directory_counts_sync"();
--> statement-breakpoint
CREATE TRIGGER "creator_directory_counts_update" AFTER UPDATE OF "role", "tier", "directory_listed" ON "users" FOR EACH ROW
  WHEN ((OLD."role", OLD."tier", OLD."directory_listed") IS DISTINCT FROM (NEW."role", NEW."tier", NEW."directory_listed"))
  EXECUTE FUNCTION "creator_directory_counts_sync"();
--> statement-breakpoint
CREATE TRIGGER "creator_directory_counts_delete" AFTER DELETE ON "users" FOR EACH ROW
  WHEN (OLD."role" IN ('influencer', 'journalist') AND OLD."tier" IS NOT NULL AND OLD."directory_listed")
  EXECUTE FUNCTION "creator_directory_counts_sync"();
--> statement-breakpoint
CREATE FUNCTION "creator_directory_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "creator_directory_counts";
  INSERT INTO "creator_directory_counts" ("role", "tier", "listed")
    SELECT "role", "tier", count(*) FROM "users"
    WHERE "role" IN ('influencer', 'journalist') AND "tier" IS NOT NULL AND "directory_listed"
    GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT "creator_directory_counts_rebuild"();
