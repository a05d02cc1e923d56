ALTER TABLE "class_sessions" ADD COLUMN "plan_deposit" integer;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD COLUMN "plan_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD COLUMN "plan_due_dates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "plan" jsonb;