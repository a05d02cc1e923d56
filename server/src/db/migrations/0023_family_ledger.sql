CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payer_user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"class_session_id" integer,
	"student_id" uuid,
	"payment_id" uuid,
	"refund_id" uuid,
	"method" text,
	"reference" text,
	"due_on" date,
	"corrects_entry_id" uuid,
	"idempotency_key" text NOT NULL,
	"created_by" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "ledger_entries_amount_check" CHECK (amount > 0),
	CONSTRAINT "ledger_entries_kind_check" CHECK (kind in ('charge', 'plan_fee', 'late_fee', 'discount', 'credit', 'write_off', 'payment', 'refund', 'transfer_in', 'transfer_out')),
	CONSTRAINT "ledger_entries_method_check" CHECK (method is null or method in ('card', 'bank_debit', 'cash', 'check', 'subsidy', 'other'))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "student_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id") REFERENCES "public"."class_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_payer_idx" ON "ledger_entries" USING btree ("payer_user_id","created");--> statement-breakpoint
CREATE INDEX "ledger_entries_session_idx" ON "ledger_entries" USING btree ("class_session_id","student_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_idx" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_refund_idx" ON "ledger_entries" USING btree ("refund_id");--> statement-breakpoint
-- The ledger is append-only (decision 022): a correction is a new entry, never an edit.
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only: post a correcting entry instead' USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_change" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
-- Every entry with its signed amount (cents): what the payer owes goes up (+) or down (−).
CREATE VIEW "ledger_signed" AS SELECT e.*,
  CASE WHEN e.kind IN ('charge', 'plan_fee', 'late_fee', 'refund', 'transfer_out') THEN e.amount ELSE -e.amount END AS signed,
  CASE WHEN e.kind IN ('charge', 'plan_fee', 'late_fee') THEN e.amount
    WHEN e.kind IN ('discount', 'credit', 'write_off') THEN -e.amount ELSE 0 END AS charged,
  CASE WHEN e.kind IN ('payment', 'transfer_in') THEN e.amount
    WHEN e.kind IN ('refund', 'transfer_out') THEN -e.amount ELSE 0 END AS paid
  FROM "ledger_entries" e;
--> statement-breakpoint
-- Each place's running sums (a payer's child in a session), kept by the trigger below as entries are posted,
-- so the aging report reads a few thousand rows instead of summing every entry. A cache of the sums of
-- `ledger_signed`, never written by the application; a test proves it equals them (decision 022).
CREATE TABLE "ledger_places" (
  "payer_user_id" uuid NOT NULL,
  "class_session_id" integer NOT NULL,
  "student_id" uuid,
  "student_key" uuid GENERATED ALWAYS AS (coalesce("student_id", '00000000-0000-0000-0000-000000000000'::uuid)) STORED,
  "charged" integer NOT NULL,
  "paid" integer NOT NULL,
  "balance" integer NOT NULL,
  "due_on" date
);--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_places_key" ON "ledger_places" ("payer_user_id", "class_session_id", "student_key");--> statement-breakpoint
CREATE INDEX "ledger_places_owing_idx" ON "ledger_places" ("payer_user_id") WHERE "balance" > 0;--> statement-breakpoint
CREATE FUNCTION "ledger_places_add"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  charged integer := CASE WHEN NEW.kind IN ('charge', 'plan_fee', 'late_fee') THEN NEW.amount
    WHEN NEW.kind IN ('discount', 'credit', 'write_off') THEN -NEW.amount ELSE 0 END;
  paid integer := CASE WHEN NEW.kind IN ('payment', 'transfer_in') THEN NEW.amount
    WHEN NEW.kind IN ('refund', 'transfer_out') THEN -NEW.amount ELSE 0 END;
BEGIN
  INSERT INTO "ledger_places" ("payer_user_id", "class_session_id", "student_id", "charged", "paid", "balance", "due_on")
  VALUES (NEW.payer_user_id, NEW.class_session_id, NEW.student_id, charged, paid, charged - paid,
    CASE WHEN NEW.kind IN ('charge', 'plan_fee', 'late_fee') THEN NEW.due_on END)
  ON CONFLICT ("payer_user_id", "class_session_id", "student_key") DO UPDATE SET
    "charged" = "ledger_places"."charged" + EXCLUDED."charged",
    "paid" = "ledger_places"."paid" + EXCLUDED."paid",
    "balance" = "ledger_places"."balance" + EXCLUDED."balance",
    "due_on" = least("ledger_places"."due_on", EXCLUDED."due_on");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_places_on_post" AFTER INSERT ON "ledger_entries"
  FOR EACH ROW WHEN (NEW.class_session_id IS NOT NULL) EXECUTE FUNCTION "ledger_places_add"();
