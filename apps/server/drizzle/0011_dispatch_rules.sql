CREATE TABLE "near_pickup_announcements" (
	"company_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"announced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "near_pickup_announcements_company_id_booking_id_pk" PRIMARY KEY("company_id","booking_id")
);
--> statement-breakpoint
CREATE TABLE "journey_marks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journey_marks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"step" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journey_marks_kind_check" CHECK ("journey_marks"."kind" in ('arrived_far', 'arrived_early', 'completed_fast'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "near_pickup_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "arrive_within_metres" integer;--> statement-breakpoint
ALTER TABLE "near_pickup_announcements" ADD CONSTRAINT "near_pickup_announcements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "near_pickup_announcements" ADD CONSTRAINT "near_pickup_announcements_company_id_booking_id_bookings_company_id_id_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_marks" ADD CONSTRAINT "journey_marks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_marks" ADD CONSTRAINT "journey_marks_company_id_booking_id_bookings_company_id_id_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_marks" ADD CONSTRAINT "journey_marks_company_id_driver_id_drivers_company_id_id_fk" FOREIGN KEY ("company_id","driver_id") REFERENCES "public"."drivers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journey_marks_booking_idx" ON "journey_marks" USING btree ("company_id","booking_id","created_at");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_near_pickup_minutes_check" CHECK ("companies"."near_pickup_minutes" between 1 and 1440);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_arrive_within_metres_check" CHECK ("companies"."arrive_within_metres" between 10 and 100000);