DROP INDEX "bookings_pickup_idx";--> statement-breakpoint
CREATE INDEX "passengers_name_trgm_idx" ON "passengers" USING gin (("first_name" || ' ' || "surname") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "passengers_phone_trgm_idx" ON "passengers" USING gin (regexp_replace(coalesce("mobile", '') || ' ' || coalesce("phone", ''), '\D', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_pickup_idx" ON "bookings" USING btree ("company_id","pickup_at","status");