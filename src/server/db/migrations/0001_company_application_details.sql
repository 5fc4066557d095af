ALTER TABLE "company_applications" ADD COLUMN "street_address" text;--> statement-breakpoint
ALTER TABLE "company_applications" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "company_applications" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "company_applications" ADD COLUMN "e_invoice_address" text;--> statement-breakpoint
ALTER TABLE "company_applications" ADD COLUMN "e_invoice_operator" text;--> statement-breakpoint
ALTER TABLE "company_applications" ADD COLUMN "language" "language" DEFAULT 'fi' NOT NULL;