CREATE TYPE "public"."lease_end_choice" AS ENUM('REDEEM', 'RETURN', 'BROKERAGE', 'TRANSFER', 'CONTINUE');--> statement-breakpoint
CREATE TYPE "public"."lease_end_reason" AS ENUM('LEASE_TERM_ENDS', 'EMPLOYEE_RESIGNED', 'EMPLOYER_ENDED_EMPLOYMENT', 'LONG_ABSENCE');--> statement-breakpoint
CREATE TYPE "public"."order_cancellation_requester" AS ENUM('EMPLOYEE', 'EMPLOYER', 'HELPDESK');--> statement-breakpoint
CREATE TYPE "public"."user_payment_kind" AS ENUM('OWN_SHARE', 'REDEMPTION', 'RETURN_FEE', 'DEDUCTIBLE', 'OTHER');--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'ORDER_CANCELLATION_REQUESTED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'ORDER_CANCELLATION_UPDATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'ORDER_CANCELLATION_COMPLETED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'ORDER_CANCELLATION_WITHDRAWN';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'ORDER_REFUND_RECEIPT_UPLOADED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'ORDER_REFUND_RECEIPT_DELETED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'INSURANCE_CLAIM_UPDATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'INSURANCE_CLAIM_FILE_ADDED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'INSURANCE_CLAIM_DELETED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'BIKE_REDEMPTION_OFFER_ADDED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'BIKE_REDEMPTION_CHOICE_MADE';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'BIKE_REDEMPTION_UPDATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'BIKE_REDEMPTION_CANCELLED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'REDEMPTION_PAYMENT_RECORDED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'REDEMPTION_PAYMENT_UPDATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'REDEMPTION_PAYMENT_DELETED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'USER_PAYMENT_CREATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'USER_PAYMENT_SENT';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'USER_PAYMENT_PAID';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'USER_PAYMENT_CANCELLED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'BIKE_BROKERAGE_LISTED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'BIKE_BROKERAGE_UPDATED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'BIKE_BROKERAGE_INQUIRY_RECEIVED';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'BIKE_BROKERAGE_SOLD';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'BIKE_BROKERAGE_DELETED';--> statement-breakpoint
CREATE TABLE "bike_brokerage_inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bike_brokerage_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"message" text,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_claim_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"insurance_claim_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bike_brokerages" ADD COLUMN "bike_redemption_id" uuid;--> statement-breakpoint
ALTER TABLE "bike_brokerages" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "bike_brokerages" ADD COLUMN "listed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bike_brokerages" ADD COLUMN "sold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD COLUMN "reported_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD COLUMN "refund_to_type" "payer_type";--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD COLUMN "requested_by" "order_cancellation_requester" DEFAULT 'HELPDESK' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD COLUMN "order_status_at_request" "order_status";--> statement-breakpoint
ALTER TABLE "bike_redemptions" ADD COLUMN "reason" "lease_end_reason" DEFAULT 'LEASE_TERM_ENDS' NOT NULL;--> statement-breakpoint
ALTER TABLE "bike_redemptions" ADD COLUMN "choice" "lease_end_choice";--> statement-breakpoint
ALTER TABLE "bike_redemptions" ADD COLUMN "choice_made_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bike_redemptions" ADD COLUMN "choice_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "bike_redemptions" ADD COLUMN "decision_deadline" date;--> statement-breakpoint
ALTER TABLE "bike_redemptions" ADD COLUMN "lease_ends_on" date;--> statement-breakpoint
ALTER TABLE "bike_redemptions" ADD COLUMN "transfer_to_email" text;--> statement-breakpoint
ALTER TABLE "bike_redemptions" ADD COLUMN "return_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "bike_redemptions" ADD COLUMN "opened_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "user_payments" ADD COLUMN "insurance_claim_id" uuid;--> statement-breakpoint
ALTER TABLE "user_payments" ADD COLUMN "kind" "user_payment_kind" DEFAULT 'OTHER' NOT NULL;--> statement-breakpoint
ALTER TABLE "bike_brokerage_inquiries" ADD CONSTRAINT "bike_brokerage_inquiries_bike_brokerage_id_bike_brokerages_id_fk" FOREIGN KEY ("bike_brokerage_id") REFERENCES "public"."bike_brokerages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_brokerage_inquiries" ADD CONSTRAINT "bike_brokerage_inquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claim_files" ADD CONSTRAINT "insurance_claim_files_insurance_claim_id_insurance_claims_id_fk" FOREIGN KEY ("insurance_claim_id") REFERENCES "public"."insurance_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claim_files" ADD CONSTRAINT "insurance_claim_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claim_files" ADD CONSTRAINT "insurance_claim_files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bike_brokerage_inquiries_brokerage_idx" ON "bike_brokerage_inquiries" USING btree ("bike_brokerage_id","created_at");--> statement-breakpoint
CREATE INDEX "bike_brokerage_inquiries_open_idx" ON "bike_brokerage_inquiries" USING btree ("created_at") WHERE "bike_brokerage_inquiries"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "bike_brokerage_inquiries_user_idx" ON "bike_brokerage_inquiries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "insurance_claim_files_claim_idx" ON "insurance_claim_files" USING btree ("insurance_claim_id","created_at");--> statement-breakpoint
CREATE INDEX "insurance_claim_files_file_idx" ON "insurance_claim_files" USING btree ("file_id");--> statement-breakpoint
ALTER TABLE "bike_brokerages" ADD CONSTRAINT "bike_brokerages_bike_redemption_id_bike_redemptions_id_fk" FOREIGN KEY ("bike_redemption_id") REFERENCES "public"."bike_redemptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_reported_by_user_id_users_id_fk" FOREIGN KEY ("reported_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_redemptions" ADD CONSTRAINT "bike_redemptions_choice_by_user_id_users_id_fk" FOREIGN KEY ("choice_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_redemptions" ADD CONSTRAINT "bike_redemptions_opened_by_user_id_users_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_payments" ADD CONSTRAINT "user_payments_insurance_claim_id_insurance_claims_id_fk" FOREIGN KEY ("insurance_claim_id") REFERENCES "public"."insurance_claims"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bike_brokerages_listed_idx" ON "bike_brokerages" USING btree ("status","listed_at");--> statement-breakpoint
CREATE INDEX "bike_brokerages_redemption_idx" ON "bike_brokerages" USING btree ("bike_redemption_id");--> statement-breakpoint
CREATE INDEX "leasing_agreements_status_end_idx" ON "leasing_agreements" USING btree ("status","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "bike_redemptions_open_unique" ON "bike_redemptions" USING btree ("order_id") WHERE "bike_redemptions"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "user_payments_claim_idx" ON "user_payments" USING btree ("insurance_claim_id");--> statement-breakpoint
ALTER TABLE "bike_redemptions" ADD CONSTRAINT "bike_redemptions_return_fee_check" CHECK ("bike_redemptions"."return_fee_cents" is null or "bike_redemptions"."return_fee_cents" >= 0);--> statement-breakpoint
-- What each existing user payment is for, as payroll read it before the kind column (a redemption's, else
-- an order's own share, else other).
UPDATE "user_payments" SET "kind" = CASE
  WHEN "bike_redemption_id" IS NOT NULL THEN 'REDEMPTION'::"user_payment_kind"
  WHEN "order_id" IS NOT NULL THEN 'OWN_SHARE'::"user_payment_kind"
  ELSE 'OTHER'::"user_payment_kind"
END;
