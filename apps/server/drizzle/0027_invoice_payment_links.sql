ALTER TABLE "payment_links" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
CREATE INDEX "payment_links_invoice_idx" ON "payment_links" USING btree ("company_id","invoice_id");--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_target_check" CHECK (num_nonnulls("payment_links"."booking_id", "payment_links"."invoice_id") = 1);