DROP INDEX "bookings_payment_method_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "card_authorised_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "card_captured_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "card_refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cash_collected_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What each booking's payments hold, from the payments kept so far (before the index, so it is built once).
UPDATE "bookings" b SET "card_authorised_minor" = m.authorised, "card_captured_minor" = m.captured, "card_refunded_minor" = m.refunded
FROM (
  SELECT company_id, booking_id,
    coalesce(sum(amount_minor) FILTER (WHERE status = 'requires_capture'), 0) AS authorised,
    coalesce(sum(captured_minor), 0) AS captured, coalesce(sum(refunded_minor), 0) AS refunded
  FROM card_payments WHERE booking_id IS NOT NULL GROUP BY company_id, booking_id
) m
WHERE b.company_id = m.company_id AND b.id = m.booking_id;--> statement-breakpoint
UPDATE "bookings" b SET "cash_collected_minor" = m.cash
FROM (
  SELECT company_id, booking_id, sum(amount_minor) AS cash FROM payment_transactions
  WHERE kind = 'cashCollection' AND booking_id IS NOT NULL GROUP BY company_id, booking_id
) m
WHERE b.company_id = m.company_id AND b.id = m.booking_id;--> statement-breakpoint
CREATE INDEX "bookings_finance_idx" ON "bookings" USING btree ("company_id","payment_method","pickup_at","status","price_minor","driver_id","card_authorised_minor","card_captured_minor","card_refunded_minor","cash_collected_minor");--> statement-breakpoint
CREATE INDEX "card_payments_last4_idx" ON "card_payments" USING btree ("company_id","last4");