-- The center's calendar day of each door record (issue 24, decision 027). Rows already recorded get theirs in
-- America/Los_Angeles, the default CENTER_TIMEZONE; a server configured for another zone corrects them once at
-- start (startup.ts, `backfillAttendanceDays`), where the configured zone is known.
ALTER TABLE "attendance" ADD COLUMN "day" date;--> statement-breakpoint
UPDATE "attendance" SET "day" = ("timestamp" AT TIME ZONE 'America/Los_Angeles')::date;--> statement-breakpoint
ALTER TABLE "attendance" ALTER COLUMN "day" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "attendance_check_in_day_idx" ON "attendance" USING btree ("class_session_id","student_id","day") WHERE kind = 'CheckIn';
