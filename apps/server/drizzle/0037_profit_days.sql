CREATE TABLE "profit_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"client_id" integer NOT NULL,
	"bookings" integer NOT NULL,
	"invbookings" integer NOT NULL,
	"cmpbookings" integer NOT NULL,
	"ftrbookings" integer NOT NULL,
	"amount" bigint NOT NULL,
	"invamount" bigint NOT NULL,
	"cmpamount" bigint NOT NULL,
	"revenue" bigint NOT NULL,
	"pay" bigint NOT NULL,
	"expenses" bigint NOT NULL,
	"ledger_revenue" bigint NOT NULL,
	"differing" integer NOT NULL,
	CONSTRAINT "profit_days_company_id_day_client_id_pk" PRIMARY KEY("company_id","day","client_id")
);
--> statement-breakpoint
-- A booking's money changes its company day in the profitability rollup: the statements that write
-- a booking's payments by hand, invoice lines, statement jobs and corrections, expenses and journal
-- entries note the days of the bookings they touch, as the bookings' own triggers do (0036).
CREATE FUNCTION report_days_touched_by_booking_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_day_changes (company_id, day)
      SELECT DISTINCT b.company_id, (b.pickup_at AT TIME ZONE c.timezone)::date
      FROM new_rows r JOIN bookings b ON b.company_id = r.company_id AND b.id = r.booking_id
      JOIN companies c ON c.id = b.company_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_day_changes (company_id, day)
      SELECT DISTINCT b.company_id, (b.pickup_at AT TIME ZONE c.timezone)::date
      FROM old_rows r JOIN bookings b ON b.company_id = r.company_id AND b.id = r.booking_id
      JOIN companies c ON c.id = b.company_id;
  ELSE
    INSERT INTO report_day_changes (company_id, day)
      SELECT DISTINCT b.company_id, (b.pickup_at AT TIME ZONE c.timezone)::date
      FROM (SELECT company_id, booking_id FROM old_rows UNION SELECT company_id, booking_id FROM new_rows) r
      JOIN bookings b ON b.company_id = r.company_id AND b.id = r.booking_id
      JOIN companies c ON c.id = b.company_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Card and cash money is on the booking itself: of the payment transactions only those by hand count.
CREATE FUNCTION report_days_touched_by_manual_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_day_changes (company_id, day)
    SELECT DISTINCT b.company_id, (b.pickup_at AT TIME ZONE c.timezone)::date
    FROM new_rows r JOIN bookings b ON b.company_id = r.company_id AND b.id = r.booking_id
    JOIN companies c ON c.id = b.company_id
    WHERE r.kind = 'manualPayment';
  RETURN NULL;
END $$;--> statement-breakpoint
-- An invoice issued, cancelled or sent back to draft changes its bookings' revenue.
CREATE FUNCTION report_days_touched_by_invoice_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_day_changes (company_id, day)
    SELECT DISTINCT b.company_id, (b.pickup_at AT TIME ZONE c.timezone)::date
    FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.status IS DISTINCT FROM n.status
    JOIN invoice_lines l ON l.company_id = n.company_id AND l.invoice_id = n.id
    JOIN bookings b ON b.company_id = l.company_id AND b.id = l.booking_id
    JOIN companies c ON c.id = b.company_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A statement approved (or taken back) changes the driver pay of its jobs and corrected jobs.
CREATE FUNCTION report_days_touched_by_statement_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_day_changes (company_id, day)
    SELECT DISTINCT b.company_id, (b.pickup_at AT TIME ZONE c.timezone)::date
    FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.status IS DISTINCT FROM n.status
    JOIN (
      SELECT company_id, statement_id, booking_id FROM driver_statement_jobs
      UNION ALL
      SELECT company_id, statement_id, booking_id FROM driver_statement_lines WHERE booking_id IS NOT NULL
    ) j ON j.company_id = n.company_id AND j.statement_id = n.id
    JOIN bookings b ON b.company_id = j.company_id AND b.id = j.booking_id
    JOIN companies c ON c.id = b.company_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payment_transactions_report_days_insert AFTER INSERT ON "payment_transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_manual_payments();--> statement-breakpoint
CREATE TRIGGER invoices_report_days_update AFTER UPDATE ON "invoices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_invoice_status();--> statement-breakpoint
CREATE TRIGGER driver_statements_report_days_update AFTER UPDATE ON "driver_statements"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_statement_status();--> statement-breakpoint
CREATE TRIGGER journal_entries_report_days_insert AFTER INSERT ON "journal_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_booking_rows();--> statement-breakpoint
CREATE TRIGGER invoice_lines_report_days_insert AFTER INSERT ON "invoice_lines"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_booking_rows();--> statement-breakpoint
CREATE TRIGGER invoice_lines_report_days_update AFTER UPDATE ON "invoice_lines"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_booking_rows();--> statement-breakpoint
CREATE TRIGGER invoice_lines_report_days_delete AFTER DELETE ON "invoice_lines"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_booking_rows();--> statement-breakpoint
CREATE TRIGGER driver_statement_jobs_report_days_insert AFTER INSERT ON "driver_statement_jobs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_booking_rows();--> statement-breakpoint
CREATE TRIGGER driver_statement_jobs_report_days_update AFTER UPDATE ON "driver_statement_jobs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_booking_rows();--> statement-breakpoint
CREATE TRIGGER driver_statement_jobs_report_days_delete AFTER DELETE ON "driver_statement_jobs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_booking_rows();--> statement-breakpoint
CREATE TRIGGER driver_statement_lines_report_days_insert AFTER INSERT ON "driver_statement_lines"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_booking_rows();--> statement-breakpoint
CREATE TRIGGER driver_statement_lines_report_days_update AFTER UPDATE ON "driver_statement_lines"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_booking_rows();--> statement-breakpoint
CREATE TRIGGER driver_statement_lines_report_days_delete AFTER DELETE ON "driver_statement_lines"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_booking_rows();--> statement-breakpoint
CREATE TRIGGER driver_expenses_report_days_insert AFTER INSERT ON "driver_expenses"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_booking_rows();--> statement-breakpoint
CREATE TRIGGER driver_expenses_report_days_update AFTER UPDATE ON "driver_expenses"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_booking_rows();--> statement-breakpoint
CREATE TRIGGER driver_expenses_report_days_delete AFTER DELETE ON "driver_expenses"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_days_touched_by_booking_rows();--> statement-breakpoint
-- Every company's rollups are filled again, the profitability's with the reports' (same fill state).
DELETE FROM report_rollups;
