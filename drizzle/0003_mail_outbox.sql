DROP INDEX "mail_messages_status_idx";--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_messages_due_idx" ON "mail_messages" USING btree ("next_attempt_at") WHERE "mail_messages"."status" = 'QUEUED';