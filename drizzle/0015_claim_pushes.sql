CREATE TABLE "claim_pushes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"error" text,
	"sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_pushes_status_check" CHECK ("claim_pushes"."status" in ('QUEUED', 'SENT', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "claim_pushes" ADD CONSTRAINT "claim_pushes_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_pushes" ADD CONSTRAINT "claim_pushes_device_id_push_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."push_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_pushes_due_idx" ON "claim_pushes" USING btree ("due_at") WHERE "claim_pushes"."status" = 'QUEUED';--> statement-breakpoint
CREATE INDEX "claim_pushes_claim_idx" ON "claim_pushes" USING btree ("claim_id");