ALTER TABLE "staff_certifications" ADD COLUMN "document_key" text;--> statement-breakpoint
ALTER TABLE "staff_certifications" ADD COLUMN "document_name" text;--> statement-breakpoint
ALTER TABLE "staff_certifications" ADD COLUMN "document_type" text;--> statement-breakpoint
ALTER TABLE "staff_certifications" ADD COLUMN "document_bytes" integer;--> statement-breakpoint
ALTER TABLE "staff_certifications" ADD CONSTRAINT "staff_certifications_document_check" CHECK ((document_key is null) = (document_name is null) and (document_key is null) = (document_type is null)
        and (document_key is null) = (document_bytes is null));