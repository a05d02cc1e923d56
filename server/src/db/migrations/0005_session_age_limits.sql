ALTER TABLE "class_sessions" ADD COLUMN "min_age_months" integer;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD COLUMN "max_age_months" integer;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_ages_check" CHECK ((min_age_months is null or min_age_months >= 0) and (max_age_months is null or max_age_months >= 0)
        and (min_age_months is null or max_age_months is null or min_age_months <= max_age_months));