ALTER TYPE "public"."event_type" ADD VALUE 'REMINDER_SETTINGS_UPDATED' BEFORE 'PAYROLL_REPORT_DELIVERED';--> statement-breakpoint
CREATE TABLE "company_reminder_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"approver_after_days" integer DEFAULT 2 NOT NULL,
	"escalation_after_days" integer DEFAULT 5 NOT NULL,
	"backup_approver_user_id" uuid,
	"employee_first_after_days" integer DEFAULT 3 NOT NULL,
	"employee_second_after_days" integer DEFAULT 7 NOT NULL,
	"store_after_days" integer DEFAULT 2 NOT NULL,
	"disabled_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_reminder_settings_days_check" CHECK ("company_reminder_settings"."approver_after_days" between 1 and 30 and "company_reminder_settings"."escalation_after_days" between 1 and 30
        and "company_reminder_settings"."employee_first_after_days" between 1 and 30 and "company_reminder_settings"."employee_second_after_days" between 1 and 30
        and "company_reminder_settings"."store_after_days" between 1 and 30),
	CONSTRAINT "company_reminder_settings_order_check" CHECK ("company_reminder_settings"."escalation_after_days" > "company_reminder_settings"."approver_after_days"
        and "company_reminder_settings"."employee_second_after_days" > "company_reminder_settings"."employee_first_after_days")
);
--> statement-breakpoint
ALTER TABLE "reminder_sends" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "company_reminder_settings" ADD CONSTRAINT "company_reminder_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_reminder_settings" ADD CONSTRAINT "company_reminder_settings_backup_approver_user_id_users_id_fk" FOREIGN KEY ("backup_approver_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_reminder_settings" ADD CONSTRAINT "company_reminder_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_reminder_settings_backup_idx" ON "company_reminder_settings" USING btree ("backup_approver_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_sends_subject_unique" ON "reminder_sends" USING btree ("subject_id","kind","step","waiting_since") WHERE "reminder_sends"."subject_id" is not null;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_about_check" CHECK ("reminder_sends"."order_id" is not null or "reminder_sends"."subject_id" is not null);