CREATE TABLE "incident_acknowledgements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"signer_id" uuid NOT NULL,
	"signed_name" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"copy_text" text NOT NULL,
	"copy_sha256" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_children" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid NOT NULL,
	"student_id" uuid,
	"child_name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"parent_called" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_session_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"place" text NOT NULL,
	"kind" text NOT NULL,
	"what_happened" text NOT NULL,
	"first_aid" text DEFAULT '' NOT NULL,
	"witnesses" text DEFAULT '' NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"reported_by" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"corrected_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	CONSTRAINT "incidents_kind_check" CHECK (kind in ('Injury', 'Illness', 'Behaviour', 'Other'))
);
--> statement-breakpoint
ALTER TABLE "incident_acknowledgements" ADD CONSTRAINT "incident_acknowledgements_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_acknowledgements" ADD CONSTRAINT "incident_acknowledgements_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_acknowledgements" ADD CONSTRAINT "incident_acknowledgements_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_children" ADD CONSTRAINT "incident_children_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_children" ADD CONSTRAINT "incident_children_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_follow_ups" ADD CONSTRAINT "incident_follow_ups_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_follow_ups" ADD CONSTRAINT "incident_follow_ups_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incident_acknowledgements_incident_student_key" ON "incident_acknowledgements" USING btree ("incident_id","student_id");--> statement-breakpoint
CREATE INDEX "incident_acknowledgements_signer_idx" ON "incident_acknowledgements" USING btree ("signer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "incident_children_incident_student_key" ON "incident_children" USING btree ("incident_id","student_id");--> statement-breakpoint
CREATE INDEX "incident_children_student_idx" ON "incident_children" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "incident_follow_ups_incident_idx" ON "incident_follow_ups" USING btree ("incident_id");--> statement-breakpoint
CREATE INDEX "incidents_session_day_idx" ON "incidents" USING btree ("class_session_id","day");--> statement-breakpoint
CREATE INDEX "incidents_day_idx" ON "incidents" USING btree ("day");