CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"category" text NOT NULL,
	"gtin" text,
	"image_url" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"merchant_sku" text NOT NULL,
	"title" text NOT NULL,
	"gtin" text,
	"price" numeric(14, 2),
	"warranty_duration_months" integer,
	"global_product_id" uuid,
	"deleted_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_products_price_check" CHECK ("merchant_products"."price" is null or "merchant_products"."price" > 0),
	CONSTRAINT "merchant_products_duration_check" CHECK ("merchant_products"."warranty_duration_months" is null or "merchant_products"."warranty_duration_months" > 0)
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template" text NOT NULL,
	"data" jsonb NOT NULL,
	"to_address" text NOT NULL,
	"message_id" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_id" text,
	"sent_at" timestamp (3) with time zone,
	"subject_type" text,
	"subject_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_messages_status_check" CHECK ("mail_messages"."status" in ('QUEUED', 'SENT', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "sender_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"verified_at" timestamp (3) with time zone,
	"verify_token_hash" text,
	"verify_expires_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"merchant_id" uuid,
	"warranty_id" uuid,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"consumed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"merchant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_merchant_id_key_pk" PRIMARY KEY("merchant_id","key")
);
--> statement-breakpoint
CREATE TABLE "mint_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'PREPARED' NOT NULL,
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"start_token_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"metadata_dir_cid" text NOT NULL,
	"tx_hash" text,
	"nonce" integer,
	"block_number" bigint,
	"error" text,
	"sent_at" timestamp (3) with time zone,
	"confirmed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"warranty_code" text NOT NULL,
	"serial_number" text NOT NULL,
	"merchant_product_id" uuid,
	"global_product_id" uuid,
	"customer_id" uuid,
	"customer_email" text,
	"customer_phone" text,
	"customer_name" text,
	"location_id" uuid,
	"invoice_number" text,
	"purchase_price" numeric(14, 2),
	"purchase_date" timestamp (3) with time zone,
	"warranty_duration_months" integer,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"issued_by" uuid,
	"claimed_at" timestamp (3) with time zone,
	"mint_status" text DEFAULT 'PENDING' NOT NULL,
	"mint_attempts" integer DEFAULT 0 NOT NULL,
	"mint_error" text,
	"mint_batch_id" uuid,
	"token_id" bigint,
	"tx_hash" text,
	"block_number" bigint,
	"chain_id" integer,
	"contract_address" text,
	"metadata_cid" text,
	"minted_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warranties_mint_status_check" CHECK ("warranties"."mint_status" in ('PENDING', 'MINTING', 'MINTED', 'FAILED')),
	CONSTRAINT "warranties_price_check" CHECK ("warranties"."purchase_price" is null or "warranties"."purchase_price" > 0),
	CONSTRAINT "warranties_email_lower_check" CHECK ("warranties"."customer_email" is null or "warranties"."customer_email" = lower("warranties"."customer_email"))
);
--> statement-breakpoint
ALTER TABLE "merchant_products" ADD CONSTRAINT "merchant_products_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_products" ADD CONSTRAINT "merchant_products_global_product_id_global_products_id_fk" FOREIGN KEY ("global_product_id") REFERENCES "public"."global_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_addresses" ADD CONSTRAINT "sender_addresses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_links" ADD CONSTRAINT "claim_links_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_links" ADD CONSTRAINT "claim_links_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_links" ADD CONSTRAINT "claim_links_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_merchant_product_id_merchant_products_id_fk" FOREIGN KEY ("merchant_product_id") REFERENCES "public"."merchant_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_global_product_id_global_products_id_fk" FOREIGN KEY ("global_product_id") REFERENCES "public"."global_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_mint_batch_id_mint_batches_id_fk" FOREIGN KEY ("mint_batch_id") REFERENCES "public"."mint_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "global_products_gtin_unique" ON "global_products" USING btree ("gtin");--> statement-breakpoint
CREATE INDEX "global_products_created_idx" ON "global_products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_products_sku_unique" ON "merchant_products" USING btree ("merchant_id","merchant_sku") WHERE "merchant_products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchant_products_list_idx" ON "merchant_products" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_messages_subject_idx" ON "mail_messages" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "mail_messages_status_idx" ON "mail_messages" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "sender_addresses_unique" ON "sender_addresses" USING btree ("merchant_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "sender_addresses_token_unique" ON "sender_addresses" USING btree ("verify_token_hash");--> statement-breakpoint
CREATE INDEX "sender_addresses_list_idx" ON "sender_addresses" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sender_addresses_email_idx" ON "sender_addresses" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_links_token_unique" ON "claim_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "claim_links_customer_idx" ON "claim_links" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "mint_batches_status_idx" ON "mint_batches" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "mint_batches_start_unique" ON "mint_batches" USING btree ("contract_address","start_token_id") WHERE "mint_batches"."status" <> 'FAILED';--> statement-breakpoint
CREATE UNIQUE INDEX "warranties_code_unique" ON "warranties" USING btree ("warranty_code");--> statement-breakpoint
CREATE INDEX "warranties_merchant_list_idx" ON "warranties" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "warranties_merchant_serial_idx" ON "warranties" USING btree ("merchant_id","serial_number");--> statement-breakpoint
CREATE INDEX "warranties_merchant_email_idx" ON "warranties" USING btree ("merchant_id","customer_email");--> statement-breakpoint
CREATE INDEX "warranties_customer_idx" ON "warranties" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "warranties_mint_pending_idx" ON "warranties" USING btree ("mint_status","created_at") WHERE "warranties"."mint_status" in ('PENDING', 'MINTING');--> statement-breakpoint
CREATE INDEX "warranties_expires_idx" ON "warranties" USING btree ("expires_at");