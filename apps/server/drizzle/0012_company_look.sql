ALTER TABLE "companies" ADD COLUMN "primary_color" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "theme" text DEFAULT 'light' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "page_title" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "footer_text" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "icon_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "app_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_theme_check" CHECK ("companies"."theme" in ('light', 'dark'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_primary_color_check" CHECK ("companies"."primary_color" ~ '^#[0-9a-fA-F]{6}$');