CREATE TABLE "allergies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"short_url" text,
	"title" text NOT NULL,
	"category" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"web_message" text,
	"show_on_web" boolean DEFAULT true NOT NULL,
	"email_message" text,
	"send_email" boolean DEFAULT false NOT NULL,
	"sms_message" text,
	"send_sms" boolean DEFAULT false NOT NULL,
	"class_session_id" integer
);
--> statement-breakpoint
CREATE TABLE "attendance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'CheckIn' NOT NULL,
	"trustee_id" uuid,
	"student_id" uuid NOT NULL,
	"class_session_id" integer NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_kind_check" CHECK (kind in ('CheckIn', 'CheckOut'))
);
--> statement-breakpoint
CREATE TABLE "class_sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_active" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"start_date" date,
	"end_date" date
);
--> statement-breakpoint
CREATE TABLE "class_session_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_session_id" integer NOT NULL,
	"student_id" uuid NOT NULL,
	"status" text DEFAULT 'PendingPayment' NOT NULL,
	"payment_id" uuid,
	"hold_expires_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollments_status_check" CHECK (status in ('PendingPayment', 'Enrolled', 'Cancelled', 'Withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "class_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"thumbnail" text,
	"session_start_date" date NOT NULL,
	"session_end_date" date NOT NULL,
	"priority_registration_start_date" timestamp with time zone,
	"priority_registration_end_date" timestamp with time zone,
	"registration_start_date" timestamp with time zone,
	"registration_end_date" timestamp with time zone,
	"day_schedule" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"stripe_line_item" text,
	"supply_fee_line_item" text,
	"registration_price" integer NOT NULL,
	"supply_fee" integer DEFAULT 0 NOT NULL,
	"roster_size" integer NOT NULL,
	"waitlist_active" boolean DEFAULT true NOT NULL,
	"waitlist_size" integer DEFAULT 0 NOT NULL,
	"class_section_id" integer,
	"expectation_policy_id" integer,
	"dismissal_policy_id" integer,
	"late_pickup_policy_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_sessions_money_check" CHECK (registration_price >= 0 and supply_fee >= 0),
	CONSTRAINT "class_sessions_sizes_check" CHECK (roster_size >= 0 and waitlist_size >= 0),
	CONSTRAINT "class_sessions_dates_check" CHECK (session_end_date >= session_start_date)
);
--> statement-breakpoint
CREATE TABLE "contact_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"child_name" text,
	"child_birthdate" date,
	"previous_attendance" boolean DEFAULT false NOT NULL,
	"referred" text,
	"message" text NOT NULL,
	"tour" boolean DEFAULT false NOT NULL,
	"submitted" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digital_passports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"image_url" text,
	"data" text,
	"apple_pass_url" text,
	"apple_pass_authentication_token" text,
	"apple_pass_idenitifier" text,
	"apple_pass_serial_number" text,
	"google_pass_url" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digital_resources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "digital_resources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_session_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"file_name" text,
	"description" text,
	"url" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"upload_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digital_resources_type_check" CHECK (type in ('Document', 'Video', 'Link', 'Image'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'Pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK (status in ('Pending', 'Sent', 'Failed'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"original_amount" integer NOT NULL,
	"final_amount" integer NOT NULL,
	"provider" text NOT NULL,
	"checkout_url" text,
	"checkout_id" text,
	"payment_intent_id" text,
	"checkout_json" jsonb,
	"charge_json" jsonb,
	"receipt_url" text,
	"phone_number" text,
	"email_address" text,
	"hold_expires_at" timestamp with time zone,
	"class_session_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "payments_status_check" CHECK (status in ('Pending', 'Paid', 'Failed', 'Expired', 'Refunded', 'RefundDue')),
	CONSTRAINT "payments_amount_check" CHECK (original_amount >= 0 and final_amount >= 0)
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_type" text NOT NULL,
	"name" text NOT NULL,
	"html_value" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policies_policy_type_check" CHECK (policy_type in ('Expectation', 'Dismissal', 'LatePickup'))
);
--> statement-breakpoint
CREATE TABLE "processed_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_trustees" (
	"student_id" uuid NOT NULL,
	"trustee_id" uuid NOT NULL,
	CONSTRAINT "student_trustees_student_id_trustee_id_pk" PRIMARY KEY("student_id","trustee_id")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"address1" text,
	"address2" text,
	"city" text,
	"zip_code" text,
	"state" text,
	"country" text DEFAULT 'US' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trustee_passports" (
	"trustee_id" uuid NOT NULL,
	"passport_id" uuid NOT NULL,
	CONSTRAINT "trustee_passports_trustee_id_passport_id_pk" PRIMARY KEY("trustee_id","passport_id")
);
--> statement-breakpoint
CREATE TABLE "trustees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"type" text DEFAULT 'EmergencyContact' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"home_phone" text,
	"cell_phone" text,
	"email_address" text,
	"relationship" text NOT NULL,
	"can_pickup" boolean DEFAULT false NOT NULL,
	"receive_sms" boolean DEFAULT false NOT NULL,
	"receive_email" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tutoring_waitlist_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submitted" timestamp with time zone DEFAULT now() NOT NULL,
	"parent_name" text NOT NULL,
	"student_name" text NOT NULL,
	"grade" text NOT NULL,
	"email_address" text NOT NULL,
	"phone_number" text NOT NULL,
	"subject_matter" text NOT NULL,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "user_students" (
	"user_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	CONSTRAINT "user_students_user_id_student_id_pk" PRIMARY KEY("user_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tokens_purpose_check" CHECK (purpose in ('PasswordReset', 'EmailConfirmation'))
);
--> statement-breakpoint
CREATE TABLE "user_trustees" (
	"user_id" uuid NOT NULL,
	"trustee_id" uuid NOT NULL,
	CONSTRAINT "user_trustees_user_id_trustee_id_pk" PRIMARY KEY("user_id","trustee_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text DEFAULT 'Parent' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email_address" text NOT NULL,
	"password" text NOT NULL,
	"sms" text,
	"email_confirmed_at" timestamp with time zone,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_type_check" CHECK (type in ('Parent', 'Staff', 'Admin'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_session_id" integer NOT NULL,
	"student_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'Waiting' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires" timestamp with time zone,
	CONSTRAINT "waitlist_status_check" CHECK (status in ('Waiting', 'Offered', 'Accepted', 'Expired', 'Withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "allergies" ADD CONSTRAINT "allergies_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_trustee_id_trustees_id_fk" FOREIGN KEY ("trustee_id") REFERENCES "public"."trustees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_session_enrollments" ADD CONSTRAINT "class_session_enrollments_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_session_enrollments" ADD CONSTRAINT "class_session_enrollments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_session_enrollments" ADD CONSTRAINT "class_session_enrollments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_class_section_id_class_sections_id_fk" FOREIGN KEY ("class_section_id") REFERENCES "public"."class_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_expectation_policy_id_policies_id_fk" FOREIGN KEY ("expectation_policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_dismissal_policy_id_policies_id_fk" FOREIGN KEY ("dismissal_policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_late_pickup_policy_id_policies_id_fk" FOREIGN KEY ("late_pickup_policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_resources" ADD CONSTRAINT "digital_resources_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_trustees" ADD CONSTRAINT "student_trustees_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_trustees" ADD CONSTRAINT "student_trustees_trustee_id_trustees_id_fk" FOREIGN KEY ("trustee_id") REFERENCES "public"."trustees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trustee_passports" ADD CONSTRAINT "trustee_passports_trustee_id_trustees_id_fk" FOREIGN KEY ("trustee_id") REFERENCES "public"."trustees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trustee_passports" ADD CONSTRAINT "trustee_passports_passport_id_digital_passports_id_fk" FOREIGN KEY ("passport_id") REFERENCES "public"."digital_passports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_students" ADD CONSTRAINT "user_students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_students" ADD CONSTRAINT "user_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_trustees" ADD CONSTRAINT "user_trustees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_trustees" ADD CONSTRAINT "user_trustees_trustee_id_trustees_id_fk" FOREIGN KEY ("trustee_id") REFERENCES "public"."trustees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_submissions" ADD CONSTRAINT "waitlist_submissions_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_submissions" ADD CONSTRAINT "waitlist_submissions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_submissions" ADD CONSTRAINT "waitlist_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allergies_student_name_key" ON "allergies" USING btree ("student_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_short_url_key" ON "announcements" USING btree ("short_url");--> statement-breakpoint
CREATE INDEX "announcements_session_idx" ON "announcements" USING btree ("class_session_id","start_date");--> statement-breakpoint
CREATE INDEX "attendance_session_time_idx" ON "attendance" USING btree ("class_session_id","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_one_live_per_child_key" ON "class_session_enrollments" USING btree ("class_session_id","student_id") WHERE status in ('PendingPayment', 'Enrolled');--> statement-breakpoint
CREATE INDEX "enrollments_session_status_idx" ON "class_session_enrollments" USING btree ("class_session_id","status");--> statement-breakpoint
CREATE INDEX "enrollments_student_idx" ON "class_session_enrollments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "enrollments_payment_idx" ON "class_session_enrollments" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "class_sessions_start_idx" ON "class_sessions" USING btree ("session_start_date");--> statement-breakpoint
CREATE INDEX "contact_submissions_submitted_idx" ON "contact_submissions" USING btree ("submitted");--> statement-breakpoint
CREATE INDEX "digital_resources_session_idx" ON "digital_resources" USING btree ("class_session_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE status = 'Pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_checkout_id_key" ON "payments" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created");--> statement-breakpoint
CREATE INDEX "payments_pending_hold_idx" ON "payments" USING btree ("hold_expires_at") WHERE status = 'Pending';--> statement-breakpoint
CREATE INDEX "student_trustees_trustee_idx" ON "student_trustees" USING btree ("trustee_id");--> statement-breakpoint
CREATE INDEX "tutoring_waitlist_submitted_idx" ON "tutoring_waitlist_submissions" USING btree ("submitted");--> statement-breakpoint
CREATE INDEX "user_students_student_idx" ON "user_students" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_token_hash_key" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_tokens_user_id_idx" ON "user_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "user_trustees_trustee_idx" ON "user_trustees" USING btree ("trustee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_address_key" ON "users" USING btree ("email_address");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_one_open_per_child_key" ON "waitlist_submissions" USING btree ("class_session_id","student_id") WHERE status in ('Waiting', 'Offered');--> statement-breakpoint
CREATE INDEX "waitlist_session_queue_idx" ON "waitlist_submissions" USING btree ("class_session_id","status","created");