ALTER TABLE "driver_expenses" ADD COLUMN "paid_by" text DEFAULT 'company' NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_expenses" ADD COLUMN "statement_id" integer;--> statement-breakpoint
ALTER TABLE "driver_expenses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "driver_expense_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_company_id_driver_expense_id_driver_expenses_company_id_id_fk" FOREIGN KEY ("company_id","driver_expense_id") REFERENCES "public"."driver_expenses"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_driver_expense_key" ON "invoice_lines" USING btree ("company_id","driver_expense_id") WHERE "invoice_lines"."driver_expense_id" is not null;--> statement-breakpoint
ALTER TABLE "driver_expenses" ADD CONSTRAINT "driver_expenses_paid_by_check" CHECK ("driver_expenses"."paid_by" in ('company', 'client'));--> statement-breakpoint
ALTER TABLE "driver_expenses" ADD CONSTRAINT "driver_expenses_client_booking_check" CHECK ("driver_expenses"."paid_by" = 'company' or "driver_expenses"."booking_id" is not null);