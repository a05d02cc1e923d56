ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
-- Account closure (issue 13, decision 013): the audit trail stays append-only, except that the closure of a
-- family's account may blank the values its rows recorded about that family. Only UPDATE, and only inside a
-- transaction that has set lc.audit_redaction to 'on'; DELETE is always refused.
CREATE OR REPLACE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('lc.audit_redaction', true) = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % is not allowed', TG_OP;
END;
$$;
