CREATE TABLE "daily_care" (
	"class_session_id" integer NOT NULL,
	"student_id" uuid NOT NULL,
	"day" date NOT NULL,
	"breakfast" text,
	"snack" text,
	"lunch" text,
	"rest_from" integer,
	"rest_to" integer,
	"note" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_care_class_session_id_student_id_day_pk" PRIMARY KEY("class_session_id","student_id","day"),
	CONSTRAINT "daily_care_meals_check" CHECK ((breakfast is null or breakfast in ('All', 'Some', 'None'))
        and (snack is null or snack in ('All', 'Some', 'None'))
        and (lunch is null or lunch in ('All', 'Some', 'None'))),
	CONSTRAINT "daily_care_rest_check" CHECK ((rest_from is null and rest_to is null)
        or (rest_from between 0 and 1439 and rest_to between 0 and 1439 and rest_to > rest_from))
);
--> statement-breakpoint
CREATE TABLE "daily_summary_opt_ins" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_summary_sends" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"mailed" boolean NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_summary_sends_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "day_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid,
	"uploader_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "day_post_children" (
	"post_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	CONSTRAINT "day_post_children_post_id_student_id_pk" PRIMARY KEY("post_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "day_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_session_id" integer NOT NULL,
	"day" date NOT NULL,
	"author_id" uuid,
	"kind" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"for_class" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "day_posts_kind_check" CHECK (kind in ('ClassNote', 'ChildNote', 'Photo'))
);
--> statement-breakpoint
CREATE TABLE "photo_consents" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"granted" boolean NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_care" ADD CONSTRAINT "daily_care_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_care" ADD CONSTRAINT "daily_care_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_care" ADD CONSTRAINT "daily_care_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_summary_opt_ins" ADD CONSTRAINT "daily_summary_opt_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_summary_sends" ADD CONSTRAINT "daily_summary_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_photos" ADD CONSTRAINT "day_photos_post_id_day_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."day_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_photos" ADD CONSTRAINT "day_photos_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_post_children" ADD CONSTRAINT "day_post_children_post_id_day_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."day_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_post_children" ADD CONSTRAINT "day_post_children_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_posts" ADD CONSTRAINT "day_posts_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_posts" ADD CONSTRAINT "day_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_consents" ADD CONSTRAINT "photo_consents_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_consents" ADD CONSTRAINT "photo_consents_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_care_student_day_idx" ON "daily_care" USING btree ("student_id","day");--> statement-breakpoint
CREATE INDEX "day_photos_post_idx" ON "day_photos" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "day_photos_created_idx" ON "day_photos" USING btree ("created");--> statement-breakpoint
CREATE INDEX "day_post_children_student_idx" ON "day_post_children" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "day_posts_session_day_idx" ON "day_posts" USING btree ("class_session_id","day");