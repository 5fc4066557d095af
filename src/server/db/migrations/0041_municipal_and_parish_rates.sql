ALTER TABLE "tax_tables" DROP CONSTRAINT "tax_tables_percent_check";--> statement-breakpoint
ALTER TABLE "province_tax_tables" ADD COLUMN "province_name_sv" text;--> statement-breakpoint
ALTER TABLE "province_tax_tables" ADD COLUMN "municipality_code" text;--> statement-breakpoint
ALTER TABLE "province_tax_tables" ADD COLUMN "orthodox_church_tax_percent" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "province_tax_tables" ADD COLUMN "aland" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_tables" ADD COLUMN "average_municipal_tax_percent" numeric(6, 3);--> statement-breakpoint
CREATE UNIQUE INDEX "province_tax_tables_year_code_unique" ON "province_tax_tables" USING btree ("year","municipality_code");--> statement-breakpoint
ALTER TABLE "province_tax_tables" ADD CONSTRAINT "province_tax_tables_orthodox_check" CHECK ("province_tax_tables"."orthodox_church_tax_percent" is null or "province_tax_tables"."orthodox_church_tax_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "province_tax_tables" ADD CONSTRAINT "province_tax_tables_code_check" CHECK ("province_tax_tables"."municipality_code" is null or "province_tax_tables"."municipality_code" ~ '^[0-9]{3}$');--> statement-breakpoint
ALTER TABLE "tax_tables" ADD CONSTRAINT "tax_tables_percent_check" CHECK ("tax_tables"."employee_pension_percent" between 0 and 100 and "tax_tables"."unemployment_insurance_percent" between 0 and 100
        and "tax_tables"."health_insurance_daily_allowance_percent" between 0 and 100
        and "tax_tables"."health_insurance_medical_care_percent" between 0 and 100 and "tax_tables"."broadcasting_tax_percent" between 0 and 100
        and ("tax_tables"."average_municipal_tax_percent" is null or "tax_tables"."average_municipal_tax_percent" between 0 and 100));--> statement-breakpoint
-- The hand-entered 2025 and 2026 rows (seven municipalities and a weighted average, church at an averaged 1.38 %)
-- are superseded by the Tax Administration's complete lists: the start's reference seed loads a year's list
-- into a year that has no municipal rows (seedTaxTablesIfEmpty).
DELETE FROM "province_tax_tables" WHERE "year" IN (2025, 2026) AND "municipality_code" IS NULL;--> statement-breakpoint
-- The municipalities' average income tax rate as the Tax Administration's decisions state it.
UPDATE "tax_tables" SET "average_municipal_tax_percent" = 7.5 WHERE "year" = 2025 AND "average_municipal_tax_percent" IS NULL;--> statement-breakpoint
UPDATE "tax_tables" SET "average_municipal_tax_percent" = 7.6 WHERE "year" = 2026 AND "average_municipal_tax_percent" IS NULL;
