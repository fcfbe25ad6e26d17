CREATE TABLE "notification_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"total" integer NOT NULL,
	"unread" integer NOT NULL
);
--> statement-breakpoint
-- The bell's figures: notifications per user and how many are unread. Each statement adds its rows'
-- changes per user, in key order (two writers never deadlock), once per statement: marking every
-- notification read is one counter write, not one per row.
CREATE FUNCTION "notification_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "notification_counts" AS c ("user_id", "total", "unread")
      SELECT "user_id", count(*), count(*) FILTER (WHERE "read_at" IS NULL) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT ("user_id") DO UPDATE SET "total" = c."total" + excluded."total", "unread" = c."unread" + excluded."unread";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "notification_counts" AS c ("user_id", "total", "unread")
      SELECT "user_id", -count(*), -count(*) FILTER (WHERE "read_at" IS NULL) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT ("user_id") DO UPDATE SET "total" = c."total" + excluded."total", "unread" = c."unread" + excluded."unread";
  ELSE
    INSERT INTO "notification_counts" AS c ("user_id", "total", "unread")
      SELECT "user_id", sum(d), coalesce(sum(d) FILTER (WHERE unread), 0) FROM (
        SELECT "user_id", 1 AS d, "read_at" IS NULL AS unread FROM new_rows
        UNION ALL
        SELECT "user_id", -1, "read_at" IS NULL FROM old_rows
      ) v
      GROUP BY 1 HAVING sum(d) <> 0 OR coalesce(sum(d) FILTER (WHERE unread), 0) <> 0 ORDER BY 1
      ON CONFLICT ("user_id") DO UPDATE SET "total" = c."total" + excluded."total", "unread" = c."unread" + excluded."unread";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notification_counts_insert" AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notification_counts_sync"();
--> statement-breakpoint
CREATE TRIGGER "notification_counts_update" AFTER UPDATE ON "notifications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notification_counts_sync"();
--> statement-breakpoint
CREATE TRIGGER "notification_counts_delete" AFTER DELETE ON "notifications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "notification_counts_sync"();
--> statement-breakpoint
CREATE FUNCTION "notification_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "notification_counts";
  INSERT INTO "notification_counts" ("user_id", "total", "unread")
    SELECT "user_id", count(*), count(*) FILTER (WHERE "read_at" IS NULL) FROM "notifications" GROUP BY 1;
$$;
--> statement-breakpoint
SELECT "notification_counts_rebuild"();
