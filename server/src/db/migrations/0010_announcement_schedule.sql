ALTER TABLE "announcements" ADD COLUMN "send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "email_count" integer;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "sms_count" integer;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "updated" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_due_idx" ON "announcements" USING btree ("send_at") WHERE sent_at is null and cancelled_at is null;--> statement-breakpoint
-- Announcements posted before scheduling existed went out when they were posted.
UPDATE "announcements" SET "sent_at" = "date_created" WHERE "sent_at" IS NULL;