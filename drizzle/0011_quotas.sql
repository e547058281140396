CREATE TABLE "merchant_email_usage" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "merchant_email_usage_merchant_id_day_pk" PRIMARY KEY("merchant_id","day")
);
--> statement-breakpoint
ALTER TABLE "merchant_email_usage" ADD CONSTRAINT "merchant_email_usage_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;