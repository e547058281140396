CREATE TABLE "merchant_service_providers" (
	"merchant_id" uuid NOT NULL,
	"service_provider_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_service_providers_merchant_id_service_provider_id_pk" PRIMARY KEY("merchant_id","service_provider_id")
);
--> statement-breakpoint
CREATE TABLE "service_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"contact_email" text NOT NULL,
	"phone" text,
	"address" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_providers_status_check" CHECK ("service_providers"."status" in ('ACTIVE', 'SUSPENDED'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "service_provider_id" uuid;--> statement-breakpoint
ALTER TABLE "merchant_service_providers" ADD CONSTRAINT "merchant_service_providers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_service_providers" ADD CONSTRAINT "merchant_service_providers_service_provider_id_service_providers_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_service_providers_merchant_idx" ON "merchant_service_providers" USING btree ("merchant_id","created_at" DESC NULLS LAST,"service_provider_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "merchant_service_providers_provider_idx" ON "merchant_service_providers" USING btree ("service_provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_providers_name_unique" ON "service_providers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "service_providers_created_idx" ON "service_providers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_service_provider_id_service_providers_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_service_provider_idx" ON "users" USING btree ("service_provider_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_service_provider_check" CHECK (("users"."role" = 'SERVICE_PROVIDER') = ("users"."service_provider_id" is not null));--> statement-breakpoint
-- A provider's suspension acts at once, like a merchant's (0007_principal_change_notify):
-- every change to a provider row tells each API process's principal cache 'p:<provider id>'.
CREATE TRIGGER service_providers_principal_update AFTER UPDATE ON service_providers FOR EACH ROW
  WHEN (OLD::text IS DISTINCT FROM NEW::text) EXECUTE FUNCTION notify_principal_change('p');
--> statement-breakpoint
CREATE TRIGGER service_providers_principal_delete AFTER DELETE ON service_providers FOR EACH ROW
  EXECUTE FUNCTION notify_principal_change('p');
