CREATE TABLE "inbox_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_submission_id" uuid,
	"tutoring_submission_id" uuid,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"author_id" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_entries_kind_check" CHECK (kind in ('Note', 'Reply')),
	CONSTRAINT "inbox_entries_one_item_check" CHECK ((contact_submission_id is null) <> (tutoring_submission_id is null))
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "status" text DEFAULT 'New' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "updated" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tutoring_waitlist_submissions" ADD COLUMN "status" text DEFAULT 'New' NOT NULL;--> statement-breakpoint
ALTER TABLE "tutoring_waitlist_submissions" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "tutoring_waitlist_submissions" ADD COLUMN "updated" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inbox_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_entries" ADD CONSTRAINT "inbox_entries_contact_submission_id_contact_submissions_id_fk" FOREIGN KEY ("contact_submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_entries" ADD CONSTRAINT "inbox_entries_tutoring_submission_id_tutoring_waitlist_submissions_id_fk" FOREIGN KEY ("tutoring_submission_id") REFERENCES "public"."tutoring_waitlist_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_entries" ADD CONSTRAINT "inbox_entries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_entries_contact_idx" ON "inbox_entries" USING btree ("contact_submission_id","created");--> statement-breakpoint
CREATE INDEX "inbox_entries_tutoring_idx" ON "inbox_entries" USING btree ("tutoring_submission_id","created");--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_waitlist_submissions" ADD CONSTRAINT "tutoring_waitlist_submissions_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_submissions_status_idx" ON "contact_submissions" USING btree ("status","submitted");--> statement-breakpoint
CREATE INDEX "tutoring_waitlist_status_idx" ON "tutoring_waitlist_submissions" USING btree ("status","submitted");--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_status_check" CHECK (status in ('New', 'Replied', 'Toured', 'Enrolled', 'Closed'));--> statement-breakpoint
ALTER TABLE "tutoring_waitlist_submissions" ADD CONSTRAINT "tutoring_waitlist_status_check" CHECK (status in ('New', 'Contacted', 'Placed', 'Closed'));