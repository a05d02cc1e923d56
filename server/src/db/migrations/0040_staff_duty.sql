CREATE TABLE "certification_reminders" (
	"certification_id" uuid NOT NULL,
	"lead_days" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "certification_reminders_certification_id_lead_days_pk" PRIMARY KEY("certification_id","lead_days")
);
--> statement-breakpoint
CREATE TABLE "duty_phone_sessions" (
	"class_session_id" integer PRIMARY KEY NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratio_points" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ratio_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"class_session_id" integer NOT NULL,
	"day" date NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"children" integer NOT NULL,
	"adults" integer NOT NULL,
	"required" integer NOT NULL,
	"children_per_adult" integer NOT NULL,
	"state" text NOT NULL,
	"breach" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ratio_points_state_check" CHECK (state in ('ok', 'atLimit', 'over'))
);
--> statement-breakpoint
CREATE TABLE "staff_certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"hours" integer,
	"issued_on" date NOT NULL,
	"expires_on" date,
	"created_by" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_certifications_kind_check" CHECK (kind in ('Cpr', 'PediatricFirstAid', 'BackgroundCheck', 'TbTest', 'MandatedReporter', 'TrainingHours')),
	CONSTRAINT "staff_certifications_dates_check" CHECK (expires_on is null or expires_on >= issued_on),
	CONSTRAINT "staff_certifications_hours_check" CHECK ((kind = 'TrainingHours') = (hours is not null) and (hours is null or hours between 1 and 1000))
);
--> statement-breakpoint
CREATE TABLE "staff_pins" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_punches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"class_session_id" integer NOT NULL,
	"day" date NOT NULL,
	"in_at" timestamp with time zone NOT NULL,
	"out_at" timestamp with time zone,
	"source" text NOT NULL,
	"kiosk_id" uuid,
	"reason" text,
	"replaces_id" uuid,
	"superseded_at" timestamp with time zone,
	"created_by" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_punches_source_check" CHECK (source in ('Tablet', 'Phone', 'Correction')),
	CONSTRAINT "staff_punches_times_check" CHECK (out_at is null or out_at >= in_at)
);
--> statement-breakpoint
ALTER TABLE "class_sections" ADD COLUMN "children_per_adult" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "certification_reminders" ADD CONSTRAINT "certification_reminders_certification_id_staff_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."staff_certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_phone_sessions" ADD CONSTRAINT "duty_phone_sessions_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratio_points" ADD CONSTRAINT "ratio_points_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_certifications" ADD CONSTRAINT "staff_certifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_certifications" ADD CONSTRAINT "staff_certifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_pins" ADD CONSTRAINT "staff_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_punches" ADD CONSTRAINT "staff_punches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_punches" ADD CONSTRAINT "staff_punches_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_punches" ADD CONSTRAINT "staff_punches_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_punches" ADD CONSTRAINT "staff_punches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ratio_points_session_day_idx" ON "ratio_points" USING btree ("class_session_id","day","id");--> statement-breakpoint
CREATE INDEX "ratio_points_breach_idx" ON "ratio_points" USING btree ("day") WHERE breach;--> statement-breakpoint
CREATE INDEX "staff_certifications_user_idx" ON "staff_certifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staff_certifications_expiry_idx" ON "staff_certifications" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "staff_punches_session_day_idx" ON "staff_punches" USING btree ("class_session_id","day");--> statement-breakpoint
CREATE INDEX "staff_punches_user_day_idx" ON "staff_punches" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_punches_one_open_key" ON "staff_punches" USING btree ("user_id","day") WHERE out_at is null and superseded_at is null;--> statement-breakpoint
ALTER TABLE "class_sections" ADD CONSTRAINT "class_sections_ratio_check" CHECK (children_per_adult between 1 and 40);