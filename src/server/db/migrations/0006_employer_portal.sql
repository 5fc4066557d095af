CREATE TYPE "public"."policy_eligibility" AS ENUM('ALL_EMPLOYEES', 'AFTER_TRIAL_PERIOD');--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'EMPLOYEE_CREATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'EMPLOYEE_ACCEPTED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'EMPLOYEE_REJECTED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'EMPLOYEE_UPDATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'EMPLOYMENT_ENDED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'EMPLOYEE_ABSENCE_RECORDED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'EMPLOYEE_ABSENCE_UPDATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'EMPLOYEE_ABSENCE_REMOVED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'PAYROLL_REPORT_SENT';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'SYSTEM_UPDATE_PUBLISHED';--> statement-breakpoint
CREATE TABLE "payroll_report_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"period" date NOT NULL,
	"rows" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"sent_to" jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_absences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"beneficiary_employee_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"reason" "absence_reason" NOT NULL,
	"reason_other" text,
	"start_date" date NOT NULL,
	"end_date" date,
	"note" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_absences_dates_check" CHECK ("employee_absences"."end_date" is null or "employee_absences"."end_date" >= "employee_absences"."start_date"),
	CONSTRAINT "employee_absences_other_check" CHECK ("employee_absences"."reason" <> 'OTHER' or "employee_absences"."reason_other" is not null)
);
--> statement-breakpoint
ALTER TABLE "beneficiary_employees" DROP CONSTRAINT "beneficiary_employees_absence_dates_check";--> statement-breakpoint
ALTER TABLE "bike_policies" ADD COLUMN "eligibility" "policy_eligibility" DEFAULT 'ALL_EMPLOYEES' NOT NULL;--> statement-breakpoint
ALTER TABLE "bike_policies" ADD COLUMN "eligibility_note" text;--> statement-breakpoint
ALTER TABLE "leasing_agreements" ADD COLUMN "commitment_date" date;--> statement-breakpoint
ALTER TABLE "payroll_report_snapshots" ADD CONSTRAINT "payroll_report_snapshots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_absences" ADD CONSTRAINT "employee_absences_beneficiary_employee_id_beneficiary_employees_id_fk" FOREIGN KEY ("beneficiary_employee_id") REFERENCES "public"."beneficiary_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_absences" ADD CONSTRAINT "employee_absences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_absences" ADD CONSTRAINT "employee_absences_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_report_snapshots_company_period_unique" ON "payroll_report_snapshots" USING btree ("company_id","period");--> statement-breakpoint
CREATE INDEX "employee_absences_employee_idx" ON "employee_absences" USING btree ("beneficiary_employee_id","start_date");--> statement-breakpoint
CREATE INDEX "employee_absences_company_idx" ON "employee_absences" USING btree ("company_id","start_date");--> statement-breakpoint
CREATE INDEX "beneficiary_employees_company_pay_roll_other_idx" ON "beneficiary_employees" USING btree ("company_id","pay_roll_other");--> statement-breakpoint
CREATE INDEX "beneficiary_employees_created_idx" ON "beneficiary_employees" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leasing_agreements_company_dates_idx" ON "leasing_agreements" USING btree ("company_id","start_date","end_date");--> statement-breakpoint
ALTER TABLE "beneficiary_employees" DROP COLUMN "absence_reason";--> statement-breakpoint
ALTER TABLE "beneficiary_employees" DROP COLUMN "absence_reason_other";--> statement-breakpoint
ALTER TABLE "beneficiary_employees" DROP COLUMN "absence_start_date";--> statement-breakpoint
ALTER TABLE "beneficiary_employees" DROP COLUMN "absence_end_date";