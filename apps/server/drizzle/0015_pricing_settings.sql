ALTER TABLE "companies" ADD COLUMN "prices_include_vat" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "road_factor" numeric(3, 2) DEFAULT '1.30' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "fare_rounding_step" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
CREATE INDEX "booking_stops_unplaced_idx" ON "booking_stops" USING btree ("company_id","booking_id") WHERE "booking_stops"."lat" is null or "booking_stops"."lng" is null;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_road_factor_check" CHECK ("companies"."road_factor" between 1 and 3);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_fare_rounding_step_check" CHECK ("companies"."fare_rounding_step" between 1 and 10000);--> statement-breakpoint
-- Models written before pricing had versions (a new company's "Standard tariff") get the starting tariff as version 1.
INSERT INTO "pricing_model_versions" ("company_id", "model_id", "version", "rules")
SELECT m."company_id", m."id", 1, '{"kind":"standard","id":1,"version":1,"name":"x","baseFare":350,"includedKm":0,"mileageSteps":[{"fromKm":0,"ratePerKm":130}],"ratePerMinute":0,"minimumFare":600,"peakTimes":[],"peakPeriods":[]}'::jsonb || jsonb_build_object('id', m."id", 'name', m."name")
FROM "pricing_models" m WHERE m."current_version" IS NULL AND m."mode" = 'mileage';--> statement-breakpoint
UPDATE "pricing_models" SET "current_version" = 1 WHERE "current_version" IS NULL AND "mode" = 'mileage';
