CREATE TABLE "autopay_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payer_user_id" uuid NOT NULL,
	"class_session_id" integer NOT NULL,
	"student_id" uuid,
	"student_key" uuid GENERATED ALWAYS AS (coalesce(student_id, '00000000-0000-0000-0000-000000000000'::uuid)) STORED NOT NULL,
	"due_on" date NOT NULL,
	"attempt" integer NOT NULL,
	"amount" integer NOT NULL,
	"method_id" uuid NOT NULL,
	"payment_id" uuid,
	"status" text DEFAULT 'charging' NOT NULL,
	"provider_intent_id" text,
	"failure_code" text,
	"failure_message" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopay_attempts_amount_check" CHECK (amount > 0),
	CONSTRAINT "autopay_attempts_status_check" CHECK (status in ('charging', 'processing', 'succeeded', 'failed', 'action_required'))
);
--> statement-breakpoint
CREATE TABLE "payment_method_setups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"checkout_id" text,
	"checkout_url" text,
	"checkout_json" jsonb,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_method_setups_status_check" CHECK (status in ('Pending', 'Saved', 'Expired'))
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"provider_method_id" text NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"autopay" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"removed" timestamp with time zone,
	CONSTRAINT "payment_methods_kind_check" CHECK (kind in ('card', 'us_bank_account'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "save_method" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "autopay_attempts" ADD CONSTRAINT "autopay_attempts_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_attempts" ADD CONSTRAINT "autopay_attempts_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_attempts" ADD CONSTRAINT "autopay_attempts_method_id_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_attempts" ADD CONSTRAINT "autopay_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_setups" ADD CONSTRAINT "payment_method_setups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_attempts_key" ON "autopay_attempts" USING btree ("payer_user_id","class_session_id","student_key","due_on","attempt");--> statement-breakpoint
CREATE INDEX "autopay_attempts_open_idx" ON "autopay_attempts" USING btree ("status","updated") WHERE status in ('charging', 'processing');--> statement-breakpoint
CREATE INDEX "autopay_attempts_payer_idx" ON "autopay_attempts" USING btree ("payer_user_id","created");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_method_setups_checkout_key" ON "payment_method_setups" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_in_use" ON "payment_methods" USING btree ("user_id") WHERE removed is null;