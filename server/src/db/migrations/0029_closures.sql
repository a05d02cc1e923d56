CREATE TABLE "closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"class_session_id" integer,
	"kind" text NOT NULL,
	"dismiss_at" text,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closures_kind_check" CHECK (kind in ('Closed', 'EarlyDismissal')),
	CONSTRAINT "closures_dates_check" CHECK (ends_on >= starts_on),
	CONSTRAINT "closures_dismiss_check" CHECK ((kind = 'EarlyDismissal') = (dismiss_at is not null))
);
--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closures_dates_idx" ON "closures" USING btree ("ends_on","starts_on");