ALTER TYPE "public"."event_type" ADD VALUE 'STORE_PAYABLE_VOIDED' BEFORE 'PAYOUT_BATCH_CREATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'PAYOUT_BATCH_DISCARDED' BEFORE 'BIKE_STORE_USER_ADDED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'STORE_INVOICE_SENT' BEFORE 'BIKE_STORE_USER_ADDED';--> statement-breakpoint
ALTER TYPE "public"."store_payable_status" ADD VALUE 'VOID';--> statement-breakpoint
ALTER TABLE "store_payables" DROP CONSTRAINT "store_payables_batch_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sent_by_store_user_id" uuid;--> statement-breakpoint
ALTER TABLE "store_payables" ADD COLUMN "creditor_iban" text;--> statement-breakpoint
ALTER TABLE "store_payables" ADD COLUMN "creditor_bic" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sent_by_store_user_id_users_id_fk" FOREIGN KEY ("sent_by_store_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_payables" ADD CONSTRAINT "store_payables_batch_check" CHECK (("store_payables"."status" in ('IN_BATCH', 'PAID')) = ("store_payables"."payout_batch_id" is not null));--> statement-breakpoint
-- Batches approved before the accounts were kept with their payables pay the accounts stored now.
UPDATE "store_payables" SET "creditor_iban" = s."iban", "creditor_bic" = s."bic" FROM "bike_stores" s, "payout_batches" b WHERE s."id" = "store_payables"."bike_store_id" AND b."id" = "store_payables"."payout_batch_id" AND b."status" <> 'CREATED';
