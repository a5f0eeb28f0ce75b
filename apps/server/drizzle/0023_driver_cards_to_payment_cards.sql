-- Driver cards move onto the one card table (owner kind driver). Their old token is kept as the
-- card's reference of the offline provider; a driver's default stays the default.
INSERT INTO "payment_cards" ("company_id", "owner_kind", "owner_id", "provider", "customer_ref", "card_ref", "brand", "last4", "exp_month", "exp_year", "holder_name", "is_default", "created_at", "updated_at", "created_by")
SELECT "company_id", 'driver', "driver_id", 'offline', NULL, "provider_token", "brand", "last4", "exp_month", "exp_year", "holder_name",
  -- one default per owner on the new table: the newest, should old rows hold two
  "is_default" AND row_number() OVER (PARTITION BY "company_id", "driver_id", "is_default" ORDER BY "id" DESC) = 1,
  "created_at", "updated_at", "created_by"
FROM "driver_cards"
ORDER BY "id";--> statement-breakpoint
DROP TABLE "driver_cards" CASCADE;
