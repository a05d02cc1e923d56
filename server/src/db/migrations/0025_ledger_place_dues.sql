-- What each place's charges fall due on each date (issue 23, payment plans; decision 022): a cache of the sums of
-- `ledger_entries` by (payer, session, child, due date), kept by the trigger below as entries are posted, so the
-- aging report cuts a place by due date without reading its entries. Charges, plan fees and late fees add;
-- a discount dated with an instalment takes from it. Never written by the application; a test proves it equals
-- the entries' sums.
CREATE TABLE "ledger_place_dues" (
  "payer_user_id" uuid NOT NULL,
  "class_session_id" integer NOT NULL,
  "student_key" uuid NOT NULL,
  "due_on" date NOT NULL,
  "amount" integer NOT NULL,
  PRIMARY KEY ("payer_user_id", "class_session_id", "student_key", "due_on")
);--> statement-breakpoint
CREATE FUNCTION "ledger_place_dues_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_place_dues" ("payer_user_id", "class_session_id", "student_key", "due_on", "amount")
  VALUES (NEW.payer_user_id, NEW.class_session_id,
    coalesce(NEW.student_id, '00000000-0000-0000-0000-000000000000'::uuid),
    coalesce(NEW.due_on, NEW.created::date),
    CASE WHEN NEW.kind = 'discount' THEN -NEW.amount ELSE NEW.amount END)
  ON CONFLICT ("payer_user_id", "class_session_id", "student_key", "due_on") DO UPDATE SET
    "amount" = "ledger_place_dues"."amount" + EXCLUDED."amount";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_place_dues_on_post" AFTER INSERT ON "ledger_entries"
  FOR EACH ROW WHEN (NEW.class_session_id IS NOT NULL
    AND (NEW.kind IN ('charge', 'plan_fee', 'late_fee') OR (NEW.kind = 'discount' AND NEW.due_on IS NOT NULL)))
  EXECUTE FUNCTION "ledger_place_dues_add"();--> statement-breakpoint
INSERT INTO "ledger_place_dues" ("payer_user_id", "class_session_id", "student_key", "due_on", "amount")
  SELECT payer_user_id, class_session_id, coalesce(student_id, '00000000-0000-0000-0000-000000000000'::uuid),
    coalesce(due_on, created::date), sum(CASE WHEN kind = 'discount' THEN -amount ELSE amount END)::int
  FROM "ledger_entries"
  WHERE class_session_id IS NOT NULL
    AND (kind IN ('charge', 'plan_fee', 'late_fee') OR (kind = 'discount' AND due_on IS NOT NULL))
  GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- What is still owed on each due date (`owing`), the rule of `placeDues` (contract payment-plan.ts): the place's
-- payments pay the earliest date first, its credits, write-offs and undated discounts (what the dated charges
-- add up to beyond what is charged) take from the latest first. It changes only when an entry is posted, so the
-- trigger below works it out for the entry's place then; the aging report then only sorts it into buckets.
ALTER TABLE "ledger_place_dues" ADD COLUMN "owing" integer NOT NULL DEFAULT 0;--> statement-breakpoint
CREATE INDEX "ledger_place_dues_owing_idx" ON "ledger_place_dues" ("payer_user_id") WHERE "owing" > 0;--> statement-breakpoint
CREATE FUNCTION "ledger_place_dues_owing"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k uuid := coalesce(NEW.student_id, '00000000-0000-0000-0000-000000000000'::uuid);
BEGIN
  WITH place AS (
    SELECT p.charged, greatest(p.paid, 0) AS paid FROM "ledger_places" p
    WHERE p.payer_user_id = NEW.payer_user_id AND p.class_session_id = NEW.class_session_id AND p.student_key = k
  ), d AS (
    SELECT q.due_on, greatest(q.amount, 0) AS amount FROM "ledger_place_dues" q
    WHERE q.payer_user_id = NEW.payer_user_id AND q.class_session_id = NEW.class_session_id AND q.student_key = k
  ), credited AS (
    SELECT d.due_on, d.amount - least(d.amount, greatest(0, (sum(d.amount) OVER () - place.charged)
      - coalesce(sum(d.amount) OVER (ORDER BY d.due_on DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)))
      AS left_after
    FROM d, place
  ), fifo AS (
    SELECT c.due_on, c.left_after - least(c.left_after, greatest(0, place.paid
      - coalesce(sum(c.left_after) OVER (ORDER BY c.due_on ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)))
      AS owing
    FROM credited c, place
  )
  UPDATE "ledger_place_dues" t SET "owing" = f.owing FROM fifo f
  WHERE t.payer_user_id = NEW.payer_user_id AND t.class_session_id = NEW.class_session_id AND t.student_key = k
    AND t.due_on = f.due_on AND t.owing IS DISTINCT FROM f.owing;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Named to fire after "ledger_place_dues_on_post" and "ledger_places_on_post" (same event: name order).
CREATE TRIGGER "ledger_z_dues_owing" AFTER INSERT ON "ledger_entries"
  FOR EACH ROW WHEN (NEW.class_session_id IS NOT NULL) EXECUTE FUNCTION "ledger_place_dues_owing"();--> statement-breakpoint
WITH d AS (
  SELECT q.payer_user_id, q.class_session_id, q.student_key, q.due_on, greatest(q.amount, 0) AS amount,
    p.charged, greatest(p.paid, 0) AS paid
  FROM "ledger_place_dues" q JOIN "ledger_places" p ON p.payer_user_id = q.payer_user_id
    AND p.class_session_id = q.class_session_id AND p.student_key = q.student_key
), credited AS (
  SELECT d.*, d.amount - least(d.amount, greatest(0, (sum(d.amount) OVER w - d.charged)
    - coalesce(sum(d.amount) OVER (w ORDER BY d.due_on DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)))
    AS left_after
  FROM d WINDOW w AS (PARTITION BY d.payer_user_id, d.class_session_id, d.student_key)
), fifo AS (
  SELECT c.payer_user_id, c.class_session_id, c.student_key, c.due_on,
    c.left_after - least(c.left_after, greatest(0, c.paid - coalesce(sum(c.left_after) OVER (PARTITION BY
      c.payer_user_id, c.class_session_id, c.student_key ORDER BY c.due_on
      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))) AS owing
  FROM credited c
)
UPDATE "ledger_place_dues" t SET "owing" = f.owing FROM fifo f
WHERE t.payer_user_id = f.payer_user_id AND t.class_session_id = f.class_session_id
  AND t.student_key = f.student_key AND t.due_on = f.due_on;
