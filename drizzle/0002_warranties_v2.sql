DROP INDEX "warranties_merchant_serial_idx";--> statement-breakpoint
CREATE INDEX "warranties_merchant_serial_lower_idx" ON "warranties" USING btree ("merchant_id",lower("serial_number"));