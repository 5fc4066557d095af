DROP INDEX "signed_documents_company_idx";--> statement-breakpoint
DROP INDEX "redemption_payments_company_idx";--> statement-breakpoint
CREATE INDEX "signed_documents_created_idx" ON "signed_documents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "redemption_payments_created_idx" ON "redemption_payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "signed_documents_company_idx" ON "signed_documents" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "redemption_payments_company_idx" ON "redemption_payments" USING btree ("company_id","created_at","id");