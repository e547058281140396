ALTER TABLE "warranty_imports" DROP CONSTRAINT "warranty_imports_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "warranty_imports" ALTER COLUMN "created_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "warranty_imports" ADD CONSTRAINT "warranty_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;