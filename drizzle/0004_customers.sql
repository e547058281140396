CREATE TABLE "customer_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"subscription_tier" text DEFAULT 'FREE' NOT NULL,
	"reminder_days_before_expiry" integer DEFAULT 7 NOT NULL,
	"calendar_token_hash" text,
	"verified_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_profiles_tier_check" CHECK ("customer_profiles"."subscription_tier" in ('FREE', 'PAID')),
	CONSTRAINT "customer_profiles_reminder_days_check" CHECK ("customer_profiles"."reminder_days_before_expiry" between 1 and 30)
);
--> statement-breakpoint
CREATE TABLE "inbox_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"local_part" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magic_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"token" text NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_devices_platform_check" CHECK ("push_devices"."platform" in ('ios', 'android'))
);
--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"warranty_id" uuid NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"device_id" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_sends_channel_check" CHECK ("reminder_sends"."channel" in ('push', 'email')),
	CONSTRAINT "reminder_sends_status_check" CHECK ("reminder_sends"."status" in ('PENDING', 'SENT', 'FAILED'))
);
--> statement-breakpoint
DROP INDEX "users_email_unique";--> statement-breakpoint
ALTER TABLE "customer_profiles" ADD CONSTRAINT "customer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_addresses" ADD CONSTRAINT "inbox_addresses_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_links" ADD CONSTRAINT "magic_links_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_devices" ADD CONSTRAINT "push_devices_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_device_id_push_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."push_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_profiles_calendar_unique" ON "customer_profiles" USING btree ("calendar_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_addresses_local_unique" ON "inbox_addresses" USING btree ("local_part");--> statement-breakpoint
CREATE INDEX "inbox_addresses_customer_idx" ON "inbox_addresses" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "magic_links_token_unique" ON "magic_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "magic_links_customer_idx" ON "magic_links" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_devices_token_unique" ON "push_devices" USING btree ("platform","token");--> statement-breakpoint
CREATE INDEX "push_devices_customer_idx" ON "push_devices" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_sends_once_unique" ON "reminder_sends" USING btree ("warranty_id","expires_at","channel","target");--> statement-breakpoint
CREATE INDEX "reminder_sends_due_idx" ON "reminder_sends" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_staff_email_unique" ON "users" USING btree ("email") WHERE "users"."role" <> 'CUSTOMER';--> statement-breakpoint
CREATE UNIQUE INDEX "users_customer_email_unique" ON "users" USING btree ("email") WHERE "users"."role" = 'CUSTOMER';--> statement-breakpoint
INSERT INTO "customer_profiles" ("user_id") SELECT "id" FROM "users" WHERE "role" = 'CUSTOMER' ON CONFLICT DO NOTHING;
