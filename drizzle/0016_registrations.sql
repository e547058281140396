CREATE TABLE "product_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"merchant_product_id" uuid NOT NULL,
	"customer_id" uuid,
	"serial_number" text NOT NULL,
	"serial_key" text NOT NULL,
	"receipt_id" uuid,
	"purchase_date" timestamp (3) with time zone NOT NULL,
	"shop" text,
	"status" text NOT NULL,
	"review_reason" text,
	"refusal_reason" text,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"warranty_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_registrations_status_check" CHECK ("product_registrations"."status" in ('PENDING', 'APPROVED', 'REFUSED', 'DISPUTE'))
);
--> statement-breakpoint
CREATE TABLE "registration_serials" (
	"merchant_product_id" uuid NOT NULL,
	"serial_key" text NOT NULL,
	CONSTRAINT "registration_serials_merchant_product_id_serial_key_pk" PRIMARY KEY("merchant_product_id","serial_key")
);
--> statement-breakpoint
CREATE TABLE "registration_settings" (
	"merchant_product_id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"coverage_months" integer DEFAULT 12 NOT NULL,
	"coverage_start" text DEFAULT 'PURCHASE_DATE' NOT NULL,
	"auto_approve_max_age_days" integer,
	"require_known_serial" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_settings_months_check" CHECK ("registration_settings"."coverage_months" between 1 and 1200),
	CONSTRAINT "registration_settings_start_check" CHECK ("registration_settings"."coverage_start" in ('PURCHASE_DATE', 'REGISTRATION_DATE')),
	CONSTRAINT "registration_settings_age_check" CHECK ("registration_settings"."auto_approve_max_age_days" is null or "registration_settings"."auto_approve_max_age_days" between 0 and 3650)
);
--> statement-breakpoint
CREATE TABLE "registration_serial_upload_chunks" (
	"upload_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"lines" text NOT NULL,
	CONSTRAINT "registration_serial_upload_chunks_upload_id_seq_pk" PRIMARY KEY("upload_id","seq")
);
--> statement-breakpoint
CREATE TABLE "registration_serial_upload_errors" (
	"upload_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "registration_serial_upload_errors_upload_id_line_pk" PRIMARY KEY("upload_id","line")
);
--> statement-breakpoint
CREATE TABLE "registration_serial_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"merchant_product_id" uuid NOT NULL,
	"created_by" uuid,
	"state" text DEFAULT 'UPLOADING' NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"chunks" integer DEFAULT 0 NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"finished_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_serial_uploads_state_check" CHECK ("registration_serial_uploads"."state" in ('UPLOADING', 'PENDING', 'RUNNING', 'DONE', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "product_registrations" ADD CONSTRAINT "product_registrations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_registrations" ADD CONSTRAINT "product_registrations_merchant_product_id_merchant_products_id_fk" FOREIGN KEY ("merchant_product_id") REFERENCES "public"."merchant_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_registrations" ADD CONSTRAINT "product_registrations_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_registrations" ADD CONSTRAINT "product_registrations_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_registrations" ADD CONSTRAINT "product_registrations_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_registrations" ADD CONSTRAINT "product_registrations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_serials" ADD CONSTRAINT "registration_serials_merchant_product_id_merchant_products_id_fk" FOREIGN KEY ("merchant_product_id") REFERENCES "public"."merchant_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_settings" ADD CONSTRAINT "registration_settings_merchant_product_id_merchant_products_id_fk" FOREIGN KEY ("merchant_product_id") REFERENCES "public"."merchant_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_settings" ADD CONSTRAINT "registration_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_serial_upload_chunks" ADD CONSTRAINT "registration_serial_upload_chunks_upload_id_registration_serial_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."registration_serial_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_serial_upload_errors" ADD CONSTRAINT "registration_serial_upload_errors_upload_id_registration_serial_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."registration_serial_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_serial_uploads" ADD CONSTRAINT "registration_serial_uploads_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_serial_uploads" ADD CONSTRAINT "registration_serial_uploads_merchant_product_id_merchant_products_id_fk" FOREIGN KEY ("merchant_product_id") REFERENCES "public"."merchant_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_serial_uploads" ADD CONSTRAINT "registration_serial_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_registrations_merchant_idx" ON "product_registrations" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_registrations_status_idx" ON "product_registrations" USING btree ("merchant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_registrations_customer_idx" ON "product_registrations" USING btree ("customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "product_registrations_live_unique" ON "product_registrations" USING btree ("merchant_product_id","serial_key") WHERE "product_registrations"."status" in ('PENDING', 'APPROVED');--> statement-breakpoint
CREATE INDEX "registration_serial_uploads_product_idx" ON "registration_serial_uploads" USING btree ("merchant_product_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "registration_serial_uploads_due_idx" ON "registration_serial_uploads" USING btree ("created_at") WHERE "registration_serial_uploads"."state" in ('PENDING', 'RUNNING');--> statement-breakpoint
CREATE INDEX "merchant_products_gtin_idx" ON "merchant_products" USING btree ("gtin") WHERE "merchant_products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "warranties_serial_lower_idx" ON "warranties" USING btree (lower("serial_number"));