-- Existing locations take their brand's ZIP (the one address ZIP we had before locations carried one).
UPDATE "locations" SET "zip" = "brands"."zip" FROM "brands" WHERE "brands"."id" = "locations"."brand_id" AND "locations"."zip" IS NULL;
