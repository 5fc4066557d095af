DROP INDEX "insurance_claims_police_report_trgm_idx";--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD COLUMN "police_report_number_hash" text;--> statement-breakpoint
CREATE INDEX "insurance_claims_police_report_idx" ON "insurance_claims" USING btree ("police_report_number_hash");