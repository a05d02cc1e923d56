ALTER TABLE "digital_passports" ADD COLUMN "image_bytes" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "secrets" text[];--> statement-breakpoint
-- Issue 21: only a working pass holds a photo; revoked passes let go of theirs (the photo sweep removes files no pass holds).
UPDATE "digital_passports" SET "image_url" = NULL WHERE "revoked_at" IS NOT NULL;
