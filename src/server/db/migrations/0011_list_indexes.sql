DROP INDEX "event_log_created_idx";--> statement-breakpoint
DROP INDEX "user_payments_created_idx";--> statement-breakpoint
CREATE INDEX "insurance_claims_created_idx" ON "insurance_claims" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "insurance_claims_police_report_trgm_idx" ON "insurance_claims" USING gin ("police_report_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_cancellations_created_idx" ON "order_cancellations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bike_redemptions_created_idx" ON "bike_redemptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_payments_description_trgm_idx" ON "user_payments" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_payments_reference_trgm_idx" ON "user_payments" USING gin ("reference_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "system_users_full_name_trgm_idx" ON "system_users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_roles_user_idx" ON "user_roles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "event_log_created_idx" ON "event_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_payments_created_idx" ON "user_payments" USING btree ("created_at","id");