CREATE TABLE "health_checks" (
	"student_id" uuid NOT NULL,
	"record" text NOT NULL,
	"checked_by" uuid,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "health_checks_student_id_record_pk" PRIMARY KEY("student_id","record"),
	CONSTRAINT "health_checks_record_check" CHECK (record in ('Immunizations', 'Profile', 'Physical'))
);
--> statement-breakpoint
CREATE TABLE "health_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"expires_on" date,
	"uploaded_by" uuid,
	"checked_by" uuid,
	"checked_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_documents_kind_check" CHECK (kind in ('ImmunizationCertificate', 'PhysicalExamForm', 'DoctorNote', 'CourtOrder', 'Other'))
);
--> statement-breakpoint
CREATE TABLE "health_profiles" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"physician_name" text DEFAULT '' NOT NULL,
	"physician_phone" text,
	"insurance_carrier" text DEFAULT '' NOT NULL,
	"insurance_member_id" text DEFAULT '' NOT NULL,
	"dietary_needs" text DEFAULT '' NOT NULL,
	"medications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"physical_on" date,
	"updated_by" uuid,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_reminder_sends" (
	"student_id" uuid NOT NULL,
	"item" text NOT NULL,
	"expires_on" date NOT NULL,
	"days_before" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_reminder_sends_student_id_item_expires_on_days_before_pk" PRIMARY KEY("student_id","item","expires_on","days_before")
);
--> statement-breakpoint
CREATE TABLE "immunization_doses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"vaccine" text NOT NULL,
	"given_on" date NOT NULL,
	"created_by" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "immunization_doses_vaccine_check" CHECK (vaccine in ('DTaP', 'Polio', 'MMR', 'Varicella', 'HepatitisB', 'Hib', 'PCV', 'HepatitisA', 'Influenza', 'Covid19', 'Tdap'))
);
--> statement-breakpoint
CREATE TABLE "program_health_requirements" (
	"class_section_id" integer NOT NULL,
	"requirement" text NOT NULL,
	"mode" text NOT NULL,
	"months" integer,
	CONSTRAINT "program_health_requirements_class_section_id_requirement_pk" PRIMARY KEY("class_section_id","requirement"),
	CONSTRAINT "program_health_requirements_requirement_check" CHECK (requirement in ('Immunizations', 'Physical')),
	CONSTRAINT "program_health_requirements_mode_check" CHECK (mode in ('Blocks', 'Warns')),
	CONSTRAINT "program_health_requirements_months_check" CHECK (months is null or months between 1 and 36)
);
--> statement-breakpoint
ALTER TABLE "health_checks" ADD CONSTRAINT "health_checks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_checks" ADD CONSTRAINT "health_checks_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_documents" ADD CONSTRAINT "health_documents_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_documents" ADD CONSTRAINT "health_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_documents" ADD CONSTRAINT "health_documents_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_profiles" ADD CONSTRAINT "health_profiles_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_profiles" ADD CONSTRAINT "health_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_reminder_sends" ADD CONSTRAINT "health_reminder_sends_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "immunization_doses" ADD CONSTRAINT "immunization_doses_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "immunization_doses" ADD CONSTRAINT "immunization_doses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_health_requirements" ADD CONSTRAINT "program_health_requirements_class_section_id_class_sections_id_fk" FOREIGN KEY ("class_section_id") REFERENCES "public"."class_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_documents_student_idx" ON "health_documents" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "health_documents_expires_idx" ON "health_documents" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "immunization_doses_student_idx" ON "immunization_doses" USING btree ("student_id");