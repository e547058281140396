CREATE TABLE "warranty_import_chunks" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"records" text NOT NULL,
	CONSTRAINT "warranty_import_chunks_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "warranty_import_errors" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb,
	CONSTRAINT "warranty_import_errors_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "warranty_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"state" text DEFAULT 'UPLOADING' NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"sha256" text,
	"lines" integer DEFAULT 0 NOT NULL,
	"chunks" integer DEFAULT 0 NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"finished_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warranty_imports_state_check" CHECK ("warranty_imports"."state" in ('UPLOADING', 'PENDING', 'RUNNING', 'DONE', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "warranties" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "warranties" ADD COLUMN "import_line" integer;--> statement-breakpoint
ALTER TABLE "warranty_import_chunks" ADD CONSTRAINT "warranty_import_chunks_import_id_warranty_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."warranty_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_import_errors" ADD CONSTRAINT "warranty_import_errors_import_id_warranty_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."warranty_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_imports" ADD CONSTRAINT "warranty_imports_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_imports" ADD CONSTRAINT "warranty_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warranty_imports_merchant_list_idx" ON "warranty_imports" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "warranty_imports_due_idx" ON "warranty_imports" USING btree ("created_at") WHERE "warranty_imports"."state" in ('PENDING', 'RUNNING');--> statement-breakpoint
CREATE UNIQUE INDEX "warranties_import_line_unique" ON "warranties" USING btree ("import_id","import_line") WHERE "warranties"."import_id" is not null;