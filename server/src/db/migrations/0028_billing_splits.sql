CREATE TABLE "billing_splits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"proposed_by" uuid NOT NULL,
	"rule" jsonb NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"since" date,
	"decided_by" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"decided" timestamp with time zone,
	CONSTRAINT "billing_splits_status_check" CHECK (status in ('proposed', 'active', 'declined', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "billing_splits" ADD CONSTRAINT "billing_splits_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_splits" ADD CONSTRAINT "billing_splits_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_splits" ADD CONSTRAINT "billing_splits_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_splits_active" ON "billing_splits" USING btree ("family_id") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "billing_splits_proposed" ON "billing_splits" USING btree ("family_id") WHERE status = 'proposed';