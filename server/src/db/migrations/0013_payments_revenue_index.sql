DROP INDEX "payments_session_status_idx";--> statement-breakpoint
CREATE INDEX "payments_session_revenue_idx" ON "payments" USING btree ("class_session_id","status","final_amount");