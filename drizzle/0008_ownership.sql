CREATE TABLE "certificate_holders" (
	"warranty_id" uuid PRIMARY KEY NOT NULL,
	"token_id" bigint NOT NULL,
	"holder" text NOT NULL,
	"block_number" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_holders_token_id_unique" UNIQUE("token_id")
);
--> statement-breakpoint
CREATE TABLE "certificate_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"warranty_id" uuid NOT NULL,
	"customer_id" uuid,
	"token_id" bigint NOT NULL,
	"to_address" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"raw_tx" text,
	"tx_hash" text,
	"nonce" integer,
	"block_number" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"confirmed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_transfers_status_check" CHECK ("certificate_transfers"."status" in ('PENDING', 'SENT', 'CONFIRMED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"warranty_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_customer_id" uuid,
	"to_customer_id" uuid,
	"from_address" text,
	"to_address" text,
	"tx_hash" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resale_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"warranty_id" uuid NOT NULL,
	"from_customer_id" uuid NOT NULL,
	"to_customer_id" uuid NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"completed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resale_offers_status_check" CHECK ("resale_offers"."status" in ('OPEN', 'COMPLETED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "wallet_nonces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"nonce_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anchor_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint NOT NULL,
	"status" text DEFAULT 'PREPARED' NOT NULL,
	"root" text NOT NULL,
	"manifest_cid" text NOT NULL,
	"count" integer NOT NULL,
	"tx_hash" text,
	"block_number" bigint,
	"error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anchor_batches_status_check" CHECK ("anchor_batches"."status" in ('PREPARED', 'SENT', 'CONFIRMED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "service_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"warranty_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"recorded_by" uuid,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"new_expires_at" timestamp (3) with time zone,
	"new_serial_hash" text,
	"cid" text,
	"leaf" text,
	"anchor_batch_id" uuid,
	"leaf_index" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_events_kind_check" CHECK ("service_events"."kind" in ('CLAIM_OPENED', 'REPAIRED', 'REPLACED', 'EXTENDED', 'VOIDED'))
);
--> statement-breakpoint
ALTER TABLE "certificate_holders" ADD CONSTRAINT "certificate_holders_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_transfers" ADD CONSTRAINT "certificate_transfers_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_transfers" ADD CONSTRAINT "certificate_transfers_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_wallets" ADD CONSTRAINT "customer_wallets_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_changes" ADD CONSTRAINT "owner_changes_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_changes" ADD CONSTRAINT "owner_changes_from_customer_id_users_id_fk" FOREIGN KEY ("from_customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_changes" ADD CONSTRAINT "owner_changes_to_customer_id_users_id_fk" FOREIGN KEY ("to_customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_offers" ADD CONSTRAINT "resale_offers_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_offers" ADD CONSTRAINT "resale_offers_from_customer_id_users_id_fk" FOREIGN KEY ("from_customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_offers" ADD CONSTRAINT "resale_offers_to_customer_id_users_id_fk" FOREIGN KEY ("to_customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_nonces" ADD CONSTRAINT "wallet_nonces_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_events" ADD CONSTRAINT "service_events_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_events" ADD CONSTRAINT "service_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_events" ADD CONSTRAINT "service_events_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_events" ADD CONSTRAINT "service_events_anchor_batch_id_anchor_batches_id_fk" FOREIGN KEY ("anchor_batch_id") REFERENCES "public"."anchor_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_transfers_open_unique" ON "certificate_transfers" USING btree ("warranty_id") WHERE "certificate_transfers"."status" in ('PENDING', 'SENT');--> statement-breakpoint
CREATE INDEX "certificate_transfers_status_idx" ON "certificate_transfers" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_wallets_address_unique" ON "customer_wallets" USING btree ("address");--> statement-breakpoint
CREATE INDEX "customer_wallets_customer_idx" ON "customer_wallets" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "owner_changes_warranty_idx" ON "owner_changes" USING btree ("warranty_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "resale_offers_open_unique" ON "resale_offers" USING btree ("warranty_id") WHERE "resale_offers"."status" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_nonces_hash_unique" ON "wallet_nonces" USING btree ("nonce_hash");--> statement-breakpoint
CREATE INDEX "wallet_nonces_customer_idx" ON "wallet_nonces" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "anchor_batches_seq_unique" ON "anchor_batches" USING btree ("seq") WHERE "anchor_batches"."status" <> 'FAILED';--> statement-breakpoint
CREATE INDEX "service_events_warranty_idx" ON "service_events" USING btree ("warranty_id","created_at");--> statement-breakpoint
CREATE INDEX "service_events_unanchored_idx" ON "service_events" USING btree ("created_at") WHERE "service_events"."anchor_batch_id" is null;