-- The rows of the earlier model (a leasing factor per lease period) mean nothing in the annuity model
-- of the billing table; they are replaced by price brackets that set the lease period.
DELETE FROM "billing_table_rows";--> statement-breakpoint
ALTER TABLE "billing_table_rows" DROP CONSTRAINT "billing_table_rows_factor_check";--> statement-breakpoint
ALTER TABLE "billing_tables" DROP CONSTRAINT "billing_tables_service_fee_check";--> statement-breakpoint
ALTER TABLE "tax_tables" DROP CONSTRAINT "tax_tables_cents_check";--> statement-breakpoint
DROP INDEX "billing_table_rows_bracket_unique";--> statement-breakpoint
ALTER TABLE "billing_tables" ADD COLUMN "annual_interest_percent" numeric(6, 3) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_tables" ADD COLUMN "insurance_percent_per_year" numeric(6, 3) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_tables" ADD COLUMN "monthly_maintenance_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_tables" ADD COLUMN "min_lease_months" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_tables" ADD COLUMN "max_lease_months" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_tables" ADD COLUMN "campaign_discount_percent" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "billing_tables" ADD COLUMN "campaign_min_lease_months" integer;--> statement-breakpoint
ALTER TABLE "billing_tables" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "province_tax_tables" ADD COLUMN "source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "province_tax_tables" ADD COLUMN "confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "state_income_tax_tables" ADD COLUMN "source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "state_income_tax_tables" ADD COLUMN "confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "pension_from_age" integer DEFAULT 17 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "pension_to_age" integer DEFAULT 67 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "older_employee_pension_percent" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "older_pension_from_age" integer;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "older_pension_to_age" integer;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "unemployment_from_age" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "unemployment_to_age" integer DEFAULT 64 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "daily_allowance_threshold_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "daily_allowance_from_age" integer DEFAULT 16 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "daily_allowance_to_age" integer DEFAULT 67 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "broadcasting_tax_threshold_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "broadcasting_tax_from_age" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "bike_benefit_grandfathered_limit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "bike_benefit_grandfathered_until" date;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "tax_free_benefits_shared_limit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "taxpayer_deductions_tables" ADD COLUMN "phase_out_end_cents" integer;--> statement-breakpoint
ALTER TABLE "taxpayer_deductions_tables" ADD COLUMN "second_phase_out_percent" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "taxpayer_deductions_tables" ADD COLUMN "senior_max_deduction_cents" integer;--> statement-breakpoint
ALTER TABLE "taxpayer_deductions_tables" ADD COLUMN "senior_from_age" integer;--> statement-breakpoint
ALTER TABLE "taxpayer_deductions_tables" ADD COLUMN "child_addition_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "taxpayer_deductions_tables" ADD COLUMN "source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "taxpayer_deductions_tables" ADD COLUMN "confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_tables_one_default" ON "billing_tables" USING btree ("is_default") WHERE "billing_tables"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "billing_table_rows_bracket_unique" ON "billing_table_rows" USING btree ("billing_table_id","min_total_cents");--> statement-breakpoint
ALTER TABLE "billing_table_rows" DROP COLUMN "leasing_factor";--> statement-breakpoint
ALTER TABLE "billing_tables" ADD CONSTRAINT "billing_tables_terms_check" CHECK ("billing_tables"."annual_interest_percent" between 0 and 100 and "billing_tables"."insurance_percent_per_year" between 0 and 100
        and ("billing_tables"."campaign_discount_percent" is null or "billing_tables"."campaign_discount_percent" between 0 and 100));--> statement-breakpoint
ALTER TABLE "billing_tables" ADD CONSTRAINT "billing_tables_lease_months_check" CHECK ("billing_tables"."min_lease_months" between 1 and 120 and "billing_tables"."max_lease_months" between "billing_tables"."min_lease_months" and 120
        and ("billing_tables"."campaign_min_lease_months" is null or "billing_tables"."campaign_min_lease_months" between 1 and 120));--> statement-breakpoint
ALTER TABLE "billing_tables" ADD CONSTRAINT "billing_tables_service_fee_check" CHECK ("billing_tables"."monthly_service_fee_cents" >= 0 and "billing_tables"."monthly_maintenance_cents" >= 0);--> statement-breakpoint
ALTER TABLE "tax_tables" ADD CONSTRAINT "tax_tables_age_check" CHECK ("tax_tables"."pension_from_age" <= "tax_tables"."pension_to_age" and "tax_tables"."unemployment_from_age" <= "tax_tables"."unemployment_to_age"
        and "tax_tables"."daily_allowance_from_age" <= "tax_tables"."daily_allowance_to_age"
        and ("tax_tables"."older_employee_pension_percent" is null
          or ("tax_tables"."older_pension_from_age" is not null and "tax_tables"."older_pension_to_age" is not null
            and "tax_tables"."older_pension_from_age" <= "tax_tables"."older_pension_to_age")));--> statement-breakpoint
ALTER TABLE "tax_tables" ADD CONSTRAINT "tax_tables_cents_check" CHECK ("tax_tables"."broadcasting_tax_max_cents" >= 0 and "tax_tables"."bike_benefit_tax_free_limit_cents" >= 0
        and "tax_tables"."broadcasting_tax_threshold_cents" >= 0 and "tax_tables"."daily_allowance_threshold_cents" >= 0
        and "tax_tables"."bike_benefit_grandfathered_limit_cents" >= 0 and "tax_tables"."tax_free_benefits_shared_limit_cents" >= 0);