ALTER TABLE "contact_submissions" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "tutoring_waitlist_submissions" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_language_check" CHECK (language in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "tutoring_waitlist_submissions" ADD CONSTRAINT "tutoring_waitlist_language_check" CHECK (language in ('en', 'es'));