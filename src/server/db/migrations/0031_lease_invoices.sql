CREATE TABLE "lease_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "lease_invoices_invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 700001 CACHE 1),
	"company_id" uuid NOT NULL,
	"period" date NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"reference_number" text NOT NULL,
	"vat_percent" numeric(6, 3) NOT NULL,
	"lines" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_invoices_cents_check" CHECK ("lease_invoices"."amount_cents" >= 0 and "lease_invoices"."vat_cents" >= 0 and "lease_invoices"."total_cents" = "lease_invoices"."amount_cents" + "lease_invoices"."vat_cents")
);
--> statement-breakpoint
ALTER TABLE "lease_invoices" ADD CONSTRAINT "lease_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lease_invoices_number_unique" ON "lease_invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_invoices_company_period_unique" ON "lease_invoices" USING btree ("company_id","period");