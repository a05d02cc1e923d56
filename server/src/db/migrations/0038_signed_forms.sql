CREATE TABLE "form_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"form_version_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"student_id" uuid,
	"signer_user_id" uuid NOT NULL,
	"signer_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"consent_version" text NOT NULL,
	"language" text NOT NULL,
	"document" text NOT NULL,
	"sha256" text NOT NULL,
	"pdf_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_section_id" integer NOT NULL,
	"kind" text NOT NULL,
	"draft" jsonb NOT NULL,
	"current_version" integer,
	"has_draft" boolean DEFAULT true NOT NULL,
	"archived_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_signatures" ADD CONSTRAINT "form_signatures_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_signatures" ADD CONSTRAINT "form_signatures_form_version_id_form_versions_id_fk" FOREIGN KEY ("form_version_id") REFERENCES "public"."form_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_signatures" ADD CONSTRAINT "form_signatures_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_signatures" ADD CONSTRAINT "form_signatures_signer_user_id_users_id_fk" FOREIGN KEY ("signer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_class_section_id_class_sections_id_fk" FOREIGN KEY ("class_section_id") REFERENCES "public"."class_sections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_signatures_form_student_idx" ON "form_signatures" USING btree ("form_id","student_id");--> statement-breakpoint
CREATE INDEX "form_signatures_signer_idx" ON "form_signatures" USING btree ("signer_user_id");--> statement-breakpoint
CREATE INDEX "form_signatures_student_idx" ON "form_signatures" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_form_version_key" ON "form_versions" USING btree ("form_id","version");--> statement-breakpoint
CREATE INDEX "forms_class_section_idx" ON "forms" USING btree ("class_section_id");--> statement-breakpoint
CREATE FUNCTION "signed_forms_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are immutable: % is not allowed', TG_TABLE_NAME, TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "form_versions_no_update" BEFORE UPDATE ON "form_versions"
  FOR EACH ROW EXECUTE FUNCTION "signed_forms_immutable"();--> statement-breakpoint
CREATE TRIGGER "form_signatures_no_update" BEFORE UPDATE ON "form_signatures"
  FOR EACH ROW EXECUTE FUNCTION "signed_forms_immutable"();
