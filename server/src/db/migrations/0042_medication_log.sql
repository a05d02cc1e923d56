CREATE TABLE "medication_doses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid,
	"child_name" text NOT NULL,
	"class_session_id" integer NOT NULL,
	"medication" text NOT NULL,
	"dose" text NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"given_by" uuid,
	"given_by_name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"form_signature_id" uuid,
	"authorization_title" text NOT NULL,
	"authorization_version" integer NOT NULL,
	"authorized_by" text NOT NULL,
	"authorized_at" timestamp with time zone NOT NULL,
	"replaces_id" uuid,
	"reason" text,
	"superseded_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	"client_key" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medication_doses" ADD CONSTRAINT "medication_doses_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_doses" ADD CONSTRAINT "medication_doses_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_doses" ADD CONSTRAINT "medication_doses_given_by_users_id_fk" FOREIGN KEY ("given_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_doses" ADD CONSTRAINT "medication_doses_form_signature_id_form_signatures_id_fk" FOREIGN KEY ("form_signature_id") REFERENCES "public"."form_signatures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_doses" ADD CONSTRAINT "medication_doses_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medication_doses_session_day_idx" ON "medication_doses" USING btree ("class_session_id","day");--> statement-breakpoint
CREATE INDEX "medication_doses_student_idx" ON "medication_doses" USING btree ("student_id","given_at");--> statement-breakpoint
CREATE UNIQUE INDEX "medication_doses_client_key" ON "medication_doses" USING btree ("given_by","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "medication_doses_replaces_key" ON "medication_doses" USING btree ("replaces_id");