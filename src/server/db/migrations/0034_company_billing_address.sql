ALTER TABLE "company_applications" ADD COLUMN "billing_email" text;--> statement-breakpoint
ALTER TABLE "lease_invoices" ADD COLUMN "send_by" text;--> statement-breakpoint
ALTER TABLE "lease_invoices" ADD COLUMN "sent_to" text;--> statement-breakpoint
ALTER TABLE "lease_invoices" ADD COLUMN "mailed_at" timestamp with time zone;