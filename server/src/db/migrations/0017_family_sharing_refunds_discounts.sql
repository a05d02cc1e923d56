CREATE TABLE "families" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invited_by" uuid NOT NULL,
	"email_address" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"withdrawn_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_members" (
	"family_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"invited_by" uuid,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_members_family_id_user_id_pk" PRIMARY KEY("family_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "class_sessions" ADD COLUMN "refund_full_days_before" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD COLUMN "refund_percent_after" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD COLUMN "supply_fee_refund_until" date;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD COLUMN "sibling_discount_type" text;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD COLUMN "sibling_discount_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD COLUMN "sibling_discount_across_program" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "family_invitations" ADD CONSTRAINT "family_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_invitations" ADD CONSTRAINT "family_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "family_invitations_token_hash_key" ON "family_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "family_invitations_invited_by_idx" ON "family_invitations" USING btree ("invited_by","created");--> statement-breakpoint
CREATE UNIQUE INDEX "family_members_user_key" ON "family_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_refund_policy_check" CHECK (refund_full_days_before between 0 and 365 and refund_percent_after between 0 and 100);--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_sibling_discount_check" CHECK ((sibling_discount_type is null and sibling_discount_value = 0)
        or (sibling_discount_type = 'Amount' and sibling_discount_value > 0)
        or (sibling_discount_type = 'Percent' and sibling_discount_value between 1 and 100));