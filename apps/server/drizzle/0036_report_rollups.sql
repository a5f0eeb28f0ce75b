CREATE TABLE "report_day_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"vehicle_type_id" integer NOT NULL,
	"payment_method" text NOT NULL,
	"bookings" integer NOT NULL,
	"done" integer NOT NULL,
	"no_show" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"rejected" integer NOT NULL,
	"future" integer NOT NULL,
	"revenue" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"arrivals" integer NOT NULL,
	"on_time" integer NOT NULL,
	"wait_seconds" numeric NOT NULL,
	"job_seconds" numeric NOT NULL,
	"allocations" integer NOT NULL,
	"allocate_seconds" numeric NOT NULL,
	"approach_metres" bigint NOT NULL,
	"measured_metres" bigint NOT NULL,
	"offers" integer NOT NULL,
	"declines" integer NOT NULL,
	"cancel_office" integer NOT NULL,
	"cancel_driver" integer NOT NULL,
	"cancel_customer" integer NOT NULL,
	"cancel_system" integer NOT NULL,
	"cancel_unknown" integer NOT NULL,
	CONSTRAINT "report_days_company_id_day_status_vehicle_type_id_payment_method_pk" PRIMARY KEY("company_id","day","status","vehicle_type_id","payment_method")
);
--> statement-breakpoint
CREATE TABLE "report_rollups" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"timezone" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "bookings_pickup_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "approach_metres" integer;--> statement-breakpoint
CREATE INDEX "report_day_changes_day_idx" ON "report_day_changes" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "bookings_pickup_idx" ON "bookings" USING btree ("company_id","pickup_at","status","driver_id","client_id","passenger_id","vehicle_type_id","payment_method","price_minor","created_at","offered_at","allocated_at","on_route_at","arrived_at","completed_at","driven_metres","approach_metres","id");--> statement-breakpoint
-- Every statement that writes bookings notes the company days it touched (docs/reports.md#daily-rollups).
CREATE FUNCTION report_days_touched_by_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_day_changes (company_id, day)
    SELECT DISTINCT n.company_id, (n.pickup_at AT TIME ZONE c.timezone)::date
    FROM new_rows n JOIN companies c ON c.id = n.company_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION report_days_touched_by_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_day_changes (company_id, day)
    SELECT DISTINCT r.company_id, (r.pickup_at AT TIME ZONE c.timezone)::date
    FROM (SELECT company_id, pickup_at FROM old_rows UNION SELECT company_id, pickup_at FROM new_rows) r
    JOIN companies c ON c.id = r.company_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION report_days_touched_by_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_day_changes (company_id, day)
    SELECT DISTINCT o.company_id, (o.pickup_at AT TIME ZONE c.timezone)::date
    FROM old_rows o JOIN companies c ON c.id = o.company_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER bookings_report_days_insert AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_insert();--> statement-breakpoint
CREATE TRIGGER bookings_report_days_update AFTER UPDATE ON "bookings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_update();--> statement-breakpoint
CREATE TRIGGER bookings_report_days_delete AFTER DELETE ON "bookings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_delete();
--> statement-breakpoint
-- Offers, declines and cancellations are read from a booking's history: a history entry alone (an
-- import, a repair) notes its booking's day too.
CREATE FUNCTION report_days_touched_by_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_day_changes (company_id, day)
    SELECT DISTINCT b.company_id, (b.pickup_at AT TIME ZONE c.timezone)::date
    FROM new_rows a
    JOIN bookings b ON b.id = a.entity_id AND b.company_id = a.company_id
    JOIN companies c ON c.id = b.company_id
    WHERE a.entity_type = 'booking' AND a.action IN ('offer', 'allocate', 'decline', 'cancel');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_report_days_insert AFTER INSERT ON "audit_log"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_history();
