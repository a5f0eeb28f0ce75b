CREATE INDEX "bookings_payment_method_idx" ON "bookings" USING btree ("company_id","payment_method","pickup_at");--> statement-breakpoint
CREATE INDEX "card_payments_created_idx" ON "card_payments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_received_idx" ON "payment_events" USING btree ("company_id","received_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_client_idx" ON "payment_transactions" USING btree ("company_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_passenger_idx" ON "payment_transactions" USING btree ("company_id","passenger_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_driver_idx" ON "payment_transactions" USING btree ("company_id","driver_id","created_at");