ALTER TABLE "merchants" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_currency_check" CHECK ("merchants"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
-- The purchase date rule (docs/api.md, "Issuing"): a warranty issued without a purchase date
-- was bought when it was issued. Earlier rows stored nothing (and every reader fell back to the
-- issue time): they get that value stored, so that one stored value is shown everywhere.
UPDATE "warranties" SET "purchase_date" = "created_at" WHERE "purchase_date" IS NULL;
