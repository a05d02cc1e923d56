CREATE TABLE "tour_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_slots_minutes_check" CHECK (minutes between 15 and 180),
	CONSTRAINT "tour_slots_capacity_check" CHECK (capacity between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "tour_slot_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "tour_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tour_slots" ADD CONSTRAINT "tour_slots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tour_slots_starts_at_key" ON "tour_slots" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_tour_slot_id_tour_slots_id_fk" FOREIGN KEY ("tour_slot_id") REFERENCES "public"."tour_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_submissions_tour_slot_idx" ON "contact_submissions" USING btree ("tour_slot_id");