CREATE INDEX "beneficiary_employees_employee_number_prefix_idx" ON "beneficiary_employees" USING btree (lower("employee_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "system_users_first_name_prefix_idx" ON "system_users" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "system_users_last_name_prefix_idx" ON "system_users" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "system_users_full_name_prefix_idx" ON "system_users" USING btree (lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);