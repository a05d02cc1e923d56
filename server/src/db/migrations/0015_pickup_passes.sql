CREATE TABLE "kiosks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by_user_id" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "kiosks_token_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "pass_devices" (
	"device_library_identifier" text PRIMARY KEY NOT NULL,
	"push_token" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pass_registrations" (
	"device_library_identifier" text NOT NULL,
	"passport_id" uuid NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pass_registrations_device_library_identifier_passport_id_pk" PRIMARY KEY("device_library_identifier","passport_id")
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "method" text DEFAULT 'Staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "adult_name" text;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "passport_id" uuid;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "second_factor" text;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "kiosk_id" uuid;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "staff_user_id" uuid;--> statement-breakpoint
ALTER TABLE "digital_passports" ADD COLUMN "credential_nonce" text NOT NULL;--> statement-breakpoint
ALTER TABLE "digital_passports" ADD COLUMN "credential_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "digital_passports" ADD COLUMN "pin_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "digital_passports" ADD COLUMN "pin_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "digital_passports" ADD COLUMN "pin_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "digital_passports" ADD COLUMN "expires_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "digital_passports" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "digital_passports" ADD COLUMN "issued_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "digital_passports" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_registrations" ADD CONSTRAINT "pass_registrations_device_library_identifier_pass_devices_device_library_identifier_fk" FOREIGN KEY ("device_library_identifier") REFERENCES "public"."pass_devices"("device_library_identifier") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_registrations" ADD CONSTRAINT "pass_registrations_passport_id_digital_passports_id_fk" FOREIGN KEY ("passport_id") REFERENCES "public"."digital_passports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pass_registrations_passport_idx" ON "pass_registrations" USING btree ("passport_id");--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_passport_id_digital_passports_id_fk" FOREIGN KEY ("passport_id") REFERENCES "public"."digital_passports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_passports" ADD CONSTRAINT "digital_passports_issued_by_user_id_users_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_student_time_idx" ON "attendance" USING btree ("student_id","timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "digital_passports_credential_key" ON "digital_passports" USING btree ("credential_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "digital_passports_serial_key" ON "digital_passports" USING btree ("apple_pass_serial_number");--> statement-breakpoint
CREATE INDEX "digital_passports_updated_idx" ON "digital_passports" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_method_check" CHECK (method in ('Pass', 'Code', 'Staff'));--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_second_factor_check" CHECK (second_factor is null or second_factor in ('Pin', 'Photo'));