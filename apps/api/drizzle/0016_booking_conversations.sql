-- Issue 26, phase B: every booking has its conversation, opened with the request from now on. The
-- bookings made before get theirs here, dated from the request, so the inbox keeps its order.
INSERT INTO "conversations" ("booking_id", "brand_id", "media_user_id", "last_message_at", "created_at")
SELECT "id", "brand_id", "user_id", "created_at", "created_at" FROM "bookings"
ON CONFLICT DO NOTHING;
