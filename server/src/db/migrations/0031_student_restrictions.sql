CREATE TABLE "student_restrictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"name_key" text NOT NULL,
	"description" text,
	"note" text,
	"document_name" text,
	"document_mime" text,
	"document_data" text,
	"created_by" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_restrictions" ADD CONSTRAINT "student_restrictions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_restrictions_student_idx" ON "student_restrictions" USING btree ("student_id","name_key");