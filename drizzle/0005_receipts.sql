CREATE TABLE "blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"inbox_address_id" uuid,
	"message_id" text NOT NULL,
	"from_address" text NOT NULL,
	"subject" text,
	"receipt_count" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_folders_name_check" CHECK (char_length("receipt_folders"."name") between 1 and 40)
);
--> statement-breakpoint
CREATE TABLE "receipt_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receipt_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"to_email" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"folder_id" uuid,
	"image_key" text NOT NULL,
	"thumbnail_key" text,
	"content_type" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"ocr_data" jsonb,
	"ocr_status" text DEFAULT 'NONE' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'upload' NOT NULL,
	"inbound_message_id" uuid,
	"suggested_warranty_id" uuid,
	"warranty_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_source_check" CHECK ("receipts"."source" in ('upload', 'email')),
	CONSTRAINT "receipts_ocr_status_check" CHECK ("receipts"."ocr_status" in ('NONE', 'PENDING', 'DONE', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_inbox_address_id_inbox_addresses_id_fk" FOREIGN KEY ("inbox_address_id") REFERENCES "public"."inbox_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_folders" ADD CONSTRAINT "receipt_folders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_shares" ADD CONSTRAINT "receipt_shares_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_shares" ADD CONSTRAINT "receipt_shares_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_folder_id_receipt_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."receipt_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_image_key_blobs_key_fk" FOREIGN KEY ("image_key") REFERENCES "public"."blobs"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_thumbnail_key_blobs_key_fk" FOREIGN KEY ("thumbnail_key") REFERENCES "public"."blobs"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_inbound_message_id_inbound_messages_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "public"."inbound_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_suggested_warranty_id_warranties_id_fk" FOREIGN KEY ("suggested_warranty_id") REFERENCES "public"."warranties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_once_unique" ON "inbound_messages" USING btree ("customer_id","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_folders_name_unique" ON "receipt_folders" USING btree ("customer_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_shares_token_unique" ON "receipt_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "receipt_shares_receipt_idx" ON "receipt_shares" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "receipt_shares_customer_idx" ON "receipt_shares" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "receipts_customer_created_idx" ON "receipts" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "receipts_folder_idx" ON "receipts" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "receipts_image_key_idx" ON "receipts" USING btree ("image_key");--> statement-breakpoint
CREATE INDEX "receipts_thumbnail_key_idx" ON "receipts" USING btree ("thumbnail_key");--> statement-breakpoint
CREATE INDEX "receipts_warranty_idx" ON "receipts" USING btree ("warranty_id");--> statement-breakpoint
CREATE INDEX "receipts_ocr_due_idx" ON "receipts" USING btree ("created_at") WHERE "receipts"."ocr_status" = 'PENDING';