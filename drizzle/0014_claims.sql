CREATE TABLE "claim_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"author_id" uuid,
	"author_party" text NOT NULL,
	"body" text NOT NULL,
	"seq" bigserial NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_messages_party_check" CHECK ("claim_messages"."author_party" in ('CUSTOMER', 'MERCHANT', 'SERVICE_PROVIDER', 'SYSTEM'))
);
--> statement-breakpoint
CREATE TABLE "claim_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"message_id" uuid,
	"content_type" text NOT NULL,
	"width" integer,
	"height" integer,
	"image_key" text NOT NULL,
	"thumbnail_key" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_settings" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"auto_approve_within_days" integer,
	"auto_approve_product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"repair_extension_days" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_settings_days_check" CHECK (("claim_settings"."auto_approve_within_days" is null or "claim_settings"."auto_approve_within_days" between 1 and 3650) and "claim_settings"."repair_extension_days" between 0 and 3650)
);
--> statement-breakpoint
CREATE TABLE "claim_transitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" uuid,
	"actor_party" text NOT NULL,
	"note" text,
	"seq" bigserial NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_transitions_party_check" CHECK ("claim_transitions"."actor_party" in ('CUSTOMER', 'MERCHANT', 'SERVICE_PROVIDER', 'SYSTEM'))
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid,
	"warranty_id" uuid NOT NULL,
	"service_provider_id" uuid,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"receipt_id" uuid,
	"decision_note" text,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"diagnosis" text,
	"outcome" text,
	"outcome_note" text,
	"replacement_serial" text,
	"status_changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_status_check" CHECK ("claims"."status" in ('SUBMITTED', 'INFO_REQUESTED', 'APPROVED', 'DENIED', 'ASSIGNED', 'IN_REPAIR', 'RESOLVED', 'CANCELLED')),
	CONSTRAINT "claims_category_check" CHECK ("claims"."category" in ('NOT_WORKING', 'DEFECT', 'BATTERY', 'DISPLAY', 'DAMAGE', 'OTHER')),
	CONSTRAINT "claims_outcome_check" CHECK ("claims"."outcome" is null or "claims"."outcome" in ('REPAIRED', 'REPLACED', 'REFUNDED', 'NOT_COVERED')),
	CONSTRAINT "claims_resolved_check" CHECK (("claims"."status" = 'RESOLVED') = ("claims"."outcome" is not null and "claims"."resolved_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "service_events" DROP CONSTRAINT "service_events_kind_check";--> statement-breakpoint
ALTER TABLE "claim_messages" ADD CONSTRAINT "claim_messages_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_messages" ADD CONSTRAINT "claim_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_message_id_claim_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."claim_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_image_key_blobs_key_fk" FOREIGN KEY ("image_key") REFERENCES "public"."blobs"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_thumbnail_key_blobs_key_fk" FOREIGN KEY ("thumbnail_key") REFERENCES "public"."blobs"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_settings" ADD CONSTRAINT "claim_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_transitions" ADD CONSTRAINT "claim_transitions_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_transitions" ADD CONSTRAINT "claim_transitions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_service_provider_id_service_providers_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_messages_claim_idx" ON "claim_messages" USING btree ("claim_id","seq");--> statement-breakpoint
CREATE INDEX "claim_photos_claim_idx" ON "claim_photos" USING btree ("claim_id","created_at","id");--> statement-breakpoint
CREATE INDEX "claim_photos_image_key_idx" ON "claim_photos" USING btree ("image_key");--> statement-breakpoint
CREATE INDEX "claim_photos_thumbnail_key_idx" ON "claim_photos" USING btree ("thumbnail_key");--> statement-breakpoint
CREATE INDEX "claim_transitions_claim_idx" ON "claim_transitions" USING btree ("claim_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_one_open_per_warranty" ON "claims" USING btree ("warranty_id") WHERE "claims"."status" in ('SUBMITTED', 'INFO_REQUESTED', 'APPROVED', 'ASSIGNED', 'IN_REPAIR');--> statement-breakpoint
CREATE INDEX "claims_merchant_idx" ON "claims" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "claims_provider_idx" ON "claims" USING btree ("service_provider_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "claims_customer_idx" ON "claims" USING btree ("customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "claims_warranty_idx" ON "claims" USING btree ("warranty_id");--> statement-breakpoint
ALTER TABLE "service_events" ADD CONSTRAINT "service_events_kind_check" CHECK ("service_events"."kind" in ('CLAIM_OPENED', 'REPAIRED', 'REPLACED', 'EXTENDED', 'VOIDED', 'CLAIM_CLOSED'));