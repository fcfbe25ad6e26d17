ALTER TABLE "locations" ADD COLUMN "zip" text;--> statement-breakpoint
CREATE INDEX "bookings_brand_date_idx" ON "bookings" USING btree ("brand_id","booking_date");--> statement-breakpoint
CREATE INDEX "brands_name_trgm_idx" ON "brands" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaigns_name_trgm_idx" ON "campaigns" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_zip_idx" ON "locations" USING btree ("zip");