ALTER TABLE "class_sessions" ADD COLUMN "plan_late_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD COLUMN "plan_late_fee_days" integer DEFAULT 7 NOT NULL;