ALTER TABLE "leasing_companies" ADD COLUMN "e_invoice_address" text;--> statement-breakpoint
ALTER TABLE "leasing_companies" ADD COLUMN "e_invoice_operator" text;