CREATE TYPE "public"."lease_invoice_kind" AS ENUM('REGULAR', 'SUPPLEMENTARY', 'CREDIT_NOTE');--> statement-breakpoint
ALTER TABLE "lease_invoices" DROP CONSTRAINT "lease_invoices_cents_check";--> statement-breakpoint
DROP INDEX "lease_invoices_company_period_unique";--> statement-breakpoint
ALTER TABLE "lease_invoices" ADD COLUMN "kind" "lease_invoice_kind" DEFAULT 'REGULAR' NOT NULL;--> statement-breakpoint
ALTER TABLE "lease_invoices" ADD COLUMN "original_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "lease_invoices" ADD CONSTRAINT "lease_invoices_original_invoice_id_lease_invoices_id_fk" FOREIGN KEY ("original_invoice_id") REFERENCES "public"."lease_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lease_invoices_company_period_idx" ON "lease_invoices" USING btree ("company_id","period");--> statement-breakpoint
CREATE INDEX "lease_invoices_original_idx" ON "lease_invoices" USING btree ("original_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_invoices_company_period_unique" ON "lease_invoices" USING btree ("company_id","period") WHERE "lease_invoices"."kind" = 'REGULAR';--> statement-breakpoint
ALTER TABLE "lease_invoices" ADD CONSTRAINT "lease_invoices_original_check" CHECK (("lease_invoices"."kind" = 'REGULAR') = ("lease_invoices"."original_invoice_id" is null));--> statement-breakpoint
ALTER TABLE "lease_invoices" ADD CONSTRAINT "lease_invoices_cents_check" CHECK ("lease_invoices"."total_cents" = "lease_invoices"."amount_cents" + "lease_invoices"."vat_cents" and case when "lease_invoices"."kind" = 'CREDIT_NOTE'
        then "lease_invoices"."amount_cents" <= 0 and "lease_invoices"."vat_cents" <= 0 else "lease_invoices"."amount_cents" >= 0 and "lease_invoices"."vat_cents" >= 0 end);