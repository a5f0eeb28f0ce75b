CREATE TABLE "offline_provider_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "offline_provider_objects_account_idx" ON "offline_provider_objects" USING btree ("account","kind");