DROP INDEX "orders_created_idx";--> statement-breakpoint
CREATE INDEX "leasing_agreements_created_idx" ON "leasing_agreements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leasing_agreements_company_created_idx" ON "leasing_agreements" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");